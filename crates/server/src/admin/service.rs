//! What the admin area reads and does: the mail outbox, the audit log, the
//! accounts (role, status, verification, deletion). Platform admins only
//! (the access policy's rule).

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Conflict, Error, Thing};
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_domain::{Role, UserStatus};
use agentforge_store::{AuditFilter, Mail, Store, User, UserFilter};

use crate::access;
use crate::audit::{self, AuditPageOut, ExportFormat};

/// A page of the outbox, newest first, and how many emails there are.
pub async fn outbox(store: &Store, actor: &Actor, page: Page) -> Result<(Vec<Mail>, u64), Error> {
    access::platform(actor, Action::View)?;
    Ok(store.outbox().list(page.page, page.limit).await?)
}

/// A page of the audit log.
pub async fn audit_page(
    store: &Store,
    actor: &Actor,
    filter: &AuditFilter,
    limit: u64,
) -> Result<AuditPageOut, Error> {
    access::platform(actor, Action::View)?;
    audit::page(store, filter, limit).await
}

/// Everything `filter` selects, as a stream of file chunks.
pub fn audit_export(
    store: &Store,
    actor: &Actor,
    filter: AuditFilter,
    format: ExportFormat,
) -> Result<impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + use<>, Error>
{
    access::platform(actor, Action::View)?;
    Ok(audit::export(store.clone(), filter, format))
}

/// A page of the accounts `filter` selects, and how many it selects.
pub async fn users(
    store: &Store,
    actor: &Actor,
    filter: &UserFilter,
) -> Result<(Vec<User>, u64), Error> {
    access::platform(actor, Action::View)?;
    Ok(store.users().list(filter).await?)
}

/// One account, with how many agents it owns and teams it is in.
pub async fn user(store: &Store, actor: &Actor, id: &str) -> Result<(User, u64, u64), Error> {
    access::platform(actor, Action::View)?;
    let user = store
        .users()
        .find_by_id(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::User))?;
    let (agents, _) = store.agents().count_for_owner(&user.id).await?;
    let teams = store.teams().roles_of(&user.id).await?.len() as u64;
    Ok((user, agents, teams))
}

/// What an admin changes on an account.
#[derive(Debug, Clone, Default)]
pub struct UserChanges {
    pub role: Option<Role>,
    pub status: Option<UserStatus>,
    pub email_verified: Option<bool>,
}

/// What an account's audit diff compares.
fn standing(user: &User) -> serde_json::Value {
    serde_json::json!({
        "role": user.role.as_str(),
        "status": if user.disabled_at.is_some() { "disabled" } else { "active" },
        "emailVerified": user.email_verified_at.is_some(),
    })
}

/// Refuses what would leave the platform without an active admin: `user`
/// is one, and the only one (`admins`, counted under lock at the start of
/// the transaction).
fn keep_an_admin(admins: u64, user: &User) -> Result<(), Error> {
    let active_admin = user.role == Role::Admin && user.disabled_at.is_none();
    if active_admin && admins <= 1 {
        return Err(Error::Conflict(Conflict::LastAdmin));
    }
    Ok(())
}

/// Changes an account's role, status or verification, in one transaction
/// with its audit entry. Nobody changes their own role or status here, and
/// the last active admin stays one. Disabling ends every session of the
/// account (the caller closes its sockets); `true` when sessions ended.
pub async fn update_user(
    store: &Store,
    actor: &Actor,
    id: &str,
    changes: UserChanges,
) -> Result<(User, bool), Error> {
    access::platform(actor, Action::Manage)?;
    if changes.email_verified == Some(false) {
        return Err(Error::invalid(
            "emailVerified",
            "An address cannot be marked unverified",
        ));
    }
    let tx = store.begin().await?;
    let admins = tx.users().count_active_admins_locked().await?;
    let before = tx
        .users()
        .find_by_id_locked(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::User))?;
    let role_changes = changes.role.is_some_and(|r| r != before.role);
    let disables = changes.status == Some(UserStatus::Disabled) && before.disabled_at.is_none();
    let enables = changes.status == Some(UserStatus::Active) && before.disabled_at.is_some();
    if (role_changes || disables || enables) && actor.user_id() == Some(before.id.as_str()) {
        return Err(Error::Conflict(Conflict::OwnAccount));
    }
    if (role_changes && changes.role == Some(Role::User)) || disables {
        keep_an_admin(admins, &before)?;
    }
    if let Some(role) = changes.role.filter(|_| role_changes) {
        tx.users().set_role(&before.id, role).await?;
    }
    if disables || enables {
        tx.users().set_disabled(&before.id, disables).await?;
    }
    if disables {
        tx.refresh_tokens().revoke_all_for_user(&before.id).await?;
    }
    if changes.email_verified == Some(true) && before.email_verified_at.is_none() {
        tx.users().mark_email_verified(&before.id).await?;
    }
    let after = tx
        .users()
        .find_by_id(&before.id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::User))?;
    let diff = audit::Change::new(AuditAction::UserUpdate, AuditResource::User, &after.id)
        .owner(&after.id)
        .diff(&standing(&before), &standing(&after));
    audit::record(&tx, actor, diff).await?;
    tx.commit().await?;
    Ok((after, disables))
}

/// Deletes an account: its teams handed over as when it deletes itself,
/// in one transaction with the audit entry. Not one's own account (that is
/// in the settings, with the password), not the last active admin.
pub async fn delete_user(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    access::platform(actor, Action::Delete)?;
    if actor.user_id() == Some(id) {
        return Err(Error::Conflict(Conflict::OwnAccount));
    }
    let tx = store.begin().await?;
    let admins = tx.users().count_active_admins_locked().await?;
    let user = tx
        .users()
        .find_by_id_locked(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::User))?;
    keep_an_admin(admins, &user)?;
    crate::teams::service::hand_over(&tx, &user.id).await?;
    let entry = audit::Change::new(AuditAction::UserDelete, AuditResource::User, &user.id)
        .owner(&user.id)
        .deleted(&serde_json::json!({
            "email": user.email,
            "firstName": user.first_name,
            "lastName": user.last_name,
            "role": user.role.as_str(),
        }));
    audit::record(&tx, actor, entry).await?;
    tx.users().delete(&user.id).await?;
    tx.commit().await?;
    Ok(())
}
