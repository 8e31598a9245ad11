//! Settings › Integrations: a person's or a team's own credentials for an
//! outside service, checked, sealed, saved with their audit entry, and
//! tried without saving.

use std::collections::BTreeMap;

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Error, Problems, Thing};
use agentforge_domain::integration::{FieldKind, IntegrationName, IntegrationScope, check_value};
use agentforge_domain::policy::{Action, Actor};
use agentforge_domain::team::TeamRole;
use agentforge_outbound::Refused;
use agentforge_runtime::{Credentials, Opened};
use agentforge_store::{Integration, IntegrationHolder, Store, Team};
use serde_json::{Map, Value};

use crate::access;
use crate::audit;

/// Whose integrations a call is about, as the policy allowed it.
pub struct Holder {
    pub scope: IntegrationScope,
    /// The team, for a team's.
    pub team: Option<Team>,
    /// The caller's role in the team.
    pub role: Option<TeamRole>,
    user_id: String,
}

impl Holder {
    pub fn store_holder(&self) -> IntegrationHolder<'_> {
        match &self.team {
            Some(team) => IntegrationHolder::Team(&team.id),
            None => IntegrationHolder::User(&self.user_id),
        }
    }

    /// Whether the caller may change them.
    pub fn can_edit(&self) -> bool {
        self.team.is_none() || self.role.is_some_and(TeamRole::manages)
    }
}

/// The holder `team_id` names (none: the caller's own) if the caller may
/// do `action` to its integrations.
pub async fn holder(
    store: &Store,
    actor: &Actor,
    team_id: Option<&str>,
    action: Action,
) -> Result<Holder, Error> {
    let (team, role) = access::integrations(store, actor, team_id, action).await?;
    Ok(Holder {
        scope: if team.is_some() {
            IntegrationScope::Team
        } else {
            IntegrationScope::User
        },
        team,
        role,
        user_id: actor.user_id().unwrap_or_default().to_owned(),
    })
}

/// The holder's saved integrations, opened; one that no longer opens
/// (sealed under another secret key) shows its plain fields only.
pub async fn list(
    store: &Store,
    credentials: &Credentials,
    holder: &Holder,
) -> Result<Vec<(Integration, Opened)>, Error> {
    let rows = store.integrations().list(holder.store_holder()).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let opened = credentials
                .open(&row)
                .unwrap_or_else(|_| plain_only(&row, holder.scope));
            (row, opened)
        })
        .collect())
}

fn plain_only(row: &Integration, scope: IntegrationScope) -> Opened {
    Opened::new(row.name, scope, row.settings.clone())
}

/// What was sent for each field: left out (or `null`) keeps what is saved,
/// `""` removes it, anything else replaces it.
pub type Sent = BTreeMap<&'static str, Option<String>>;

/// `sent` over what `holder` saved for `name`, checked: every value valid
/// for its field, base URLs allowed by the outbound guard, every required
/// field present. A field the service does not take is refused by name.
pub async fn merged(
    store: &Store,
    credentials: &Credentials,
    holder: &Holder,
    name: IntegrationName,
    sent: &Sent,
) -> Result<(Option<Integration>, Opened), Error> {
    let saved = store
        .integrations()
        .get(holder.store_holder(), name)
        .await?;
    let before = match &saved {
        Some(row) => credentials
            .open(row)
            .unwrap_or_else(|_| plain_only(row, holder.scope)),
        None => Opened::new(name, holder.scope, BTreeMap::new()),
    };
    let mut p = Problems::default();
    for (field, value) in sent {
        if value.is_some() && name.field(field).is_none() {
            p.add(field, format!("{} takes no {field}", name.title()));
        }
    }
    let mut values = BTreeMap::new();
    for field in name.fields() {
        let value = match sent.get(field.name).cloned().flatten() {
            None => before.get(field.name).map(str::to_owned),
            Some(text) => {
                let text = text.trim();
                (!text.is_empty()).then(|| text.to_owned())
            }
        };
        match value {
            Some(value) => {
                check_value(&mut p, name, *field, &value);
                // Not http at all is said once, by the check above.
                if field.kind == FieldKind::Url
                    && let Err(refused) = credentials.guard().check_url(&value)
                    && refused != Refused::NotHttp
                {
                    p.add(field.name, format!("This URL cannot be used: {refused}"));
                }
                values.insert(field.name.to_owned(), value);
            }
            None if field.required => p.add(field.name, "Required"),
            None => {}
        }
    }
    p.finish()?;
    Ok((saved, Opened::new(name, holder.scope, values)))
}

/// Saves `sent` over what the holder saved for `name`, with its audit
/// entry, in one transaction.
pub async fn save(
    store: &Store,
    credentials: &Credentials,
    actor: &Actor,
    holder: &Holder,
    name: IntegrationName,
    sent: &Sent,
) -> Result<Integration, Error> {
    let (saved, opened) = merged(store, credentials, holder, name, sent).await?;
    let before = saved.as_ref().map(|row| {
        credentials
            .open(row)
            .unwrap_or_else(|_| plain_only(row, holder.scope))
    });
    let (plain, secrets) = split(&opened);
    let tx = store.begin().await?;
    let row = tx
        .integrations()
        .put(
            holder.store_holder(),
            name,
            &plain,
            credentials.seal(&secrets),
            actor.user_id(),
        )
        .await?;
    let entry = change(AuditAction::IntegrationUpdate, holder, &row)
        .diff(&flat(before.as_ref()), &flat(Some(&opened)));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(row)
}

/// Removes the holder's credentials for `name`, with its audit entry.
pub async fn remove(
    store: &Store,
    credentials: &Credentials,
    actor: &Actor,
    holder: &Holder,
    name: IntegrationName,
) -> Result<Integration, Error> {
    let tx = store.begin().await?;
    let row = tx
        .integrations()
        .delete(holder.store_holder(), name)
        .await?
        .ok_or(Error::not_found(Thing::Integration))?;
    let before = credentials
        .open(&row)
        .unwrap_or_else(|_| plain_only(&row, holder.scope));
    let entry = change(AuditAction::IntegrationDelete, holder, &row).deleted(&flat(Some(&before)));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(row)
}

fn change(action: AuditAction, holder: &Holder, row: &Integration) -> audit::Change {
    let entry = audit::Change::new(action, AuditResource::Integration, row.id.clone())
        .field("integration", row.name.as_str());
    match &holder.team {
        Some(team) => entry.team(Some(team.id.clone())),
        None => entry.owner(holder.user_id.clone()),
    }
}

/// The plain fields and the secret ones.
fn split(opened: &Opened) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let mut plain = BTreeMap::new();
    let mut secrets = BTreeMap::new();
    for field in opened.name.fields() {
        if let Some(value) = opened.get(field.name) {
            let into = if field.kind == FieldKind::Secret {
                &mut secrets
            } else {
                &mut plain
            };
            into.insert(field.name.to_owned(), value.to_owned());
        }
    }
    (plain, secrets)
}

/// Every field, for the audit diff (which redacts the secret ones by name).
fn flat(opened: Option<&Opened>) -> Value {
    let mut out = Map::new();
    if let Some(opened) = opened {
        for field in opened.name.fields() {
            if let Some(value) = opened.get(field.name) {
                out.insert(field.name.to_owned(), Value::String(value.to_owned()));
            }
        }
    }
    Value::Object(out)
}
