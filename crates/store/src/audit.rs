//! The audit log: entries are written (in the transaction of the change
//! they record), read newest first with filters and a cursor, and purged
//! after the retention period. Nothing here changes an entry.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::audit_log;

/// An entry as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub id: String,
    pub occurred_at: DateTime<Utc>,
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_label: Option<String>,
    pub api_key_id: Option<String>,
    pub action: String,
    pub outcome: String,
    pub resource_type: String,
    pub resource_id: Option<String>,
    pub owner_id: Option<String>,
    pub team_id: Option<String>,
    /// `{"field": {"from": …, "to": …}}`.
    pub changes: serde_json::Map<String, serde_json::Value>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

impl From<audit_log::Model> for AuditEntry {
    fn from(m: audit_log::Model) -> Self {
        Self {
            changes: serde_json::from_str(&m.changes).unwrap_or_default(),
            id: m.id,
            occurred_at: m.occurred_at,
            actor_kind: m.actor_kind,
            actor_id: m.actor_id,
            actor_label: m.actor_label,
            api_key_id: m.api_key_id,
            action: m.action,
            outcome: m.outcome,
            resource_type: m.resource_type,
            resource_id: m.resource_id,
            owner_id: m.owner_id,
            team_id: m.team_id,
            ip: m.ip,
            user_agent: m.user_agent,
            request_id: m.request_id,
        }
    }
}

/// An entry to write; the store gives it its id and time.
#[derive(Debug, Clone, Default)]
pub struct NewAuditEntry {
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_label: Option<String>,
    pub api_key_id: Option<String>,
    pub action: String,
    pub outcome: String,
    pub resource_type: String,
    pub resource_id: Option<String>,
    pub owner_id: Option<String>,
    pub team_id: Option<String>,
    pub changes: serde_json::Map<String, serde_json::Value>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

/// Which entries to read. Every field narrows; `visible_to` (an owner's
/// or team admin's own things) is set for callers who are not admins.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub actor_id: Option<String>,
    pub actor_kind: Option<String>,
    pub action: Option<String>,
    pub outcome: Option<String>,
    pub resource_type: Option<String>,
    pub resource_id: Option<String>,
    pub request_id: Option<String>,
    /// Entries about this team or things in it.
    pub team_id: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// Matched case-insensitively in the actor's label, the action, the
    /// resource id and the changes.
    pub text: Option<String>,
    /// Only entries about things owned by this user or in these teams.
    pub visible_to: Option<(String, Vec<String>)>,
    /// Entries older than this id (the cursor: ids grow with time).
    pub before_id: Option<String>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct AuditLog<'a, C = crate::Db> {
    db: &'a C,
}

/// The longest values kept; the rest is cut (entries are evidence, not
/// storage for what a caller sends).
const LABEL_MAX: usize = 320;
const AGENT_MAX: usize = 512;
const ID_MAX: usize = 128;

fn cut(value: Option<String>, max: usize) -> Option<String> {
    value.map(|v| match v.char_indices().nth(max) {
        Some((at, _)) => v[..at].to_owned(),
        None => v,
    })
}

impl<'a, C: ConnectionTrait + TransactionTrait> AuditLog<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Writes one entry.
    pub async fn record(&self, new: NewAuditEntry) -> Result<AuditEntry, StoreError> {
        let model = audit_log::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            occurred_at: Set(crate::now()),
            actor_kind: Set(new.actor_kind),
            actor_id: Set(cut(new.actor_id, 64)),
            actor_label: Set(cut(new.actor_label, LABEL_MAX)),
            api_key_id: Set(cut(new.api_key_id, 36)),
            action: Set(new.action),
            outcome: Set(new.outcome),
            resource_type: Set(new.resource_type),
            resource_id: Set(cut(new.resource_id, ID_MAX)),
            owner_id: Set(cut(new.owner_id, 36)),
            team_id: Set(cut(new.team_id, 36)),
            changes: Set(serde_json::Value::Object(new.changes).to_string()),
            ip: Set(cut(new.ip, 45)),
            user_agent: Set(cut(new.user_agent, AGENT_MAX)),
            request_id: Set(cut(new.request_id, ID_MAX)),
        };
        Ok(model.insert(self.db).await?.into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<AuditEntry>, StoreError> {
        Ok(audit_log::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(AuditEntry::from))
    }

    /// Up to `limit` entries matching `filter`, newest first.
    pub async fn list(
        &self,
        filter: &AuditFilter,
        limit: u64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let rows = audit_log::Entity::find()
            .filter(condition(filter))
            .order_by_desc(audit_log::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?;
        Ok(rows.into_iter().map(AuditEntry::from).collect())
    }

    /// Deletes the entries older than `before`, at most `batch` of them
    /// (the retention job calls it until it returns less than `batch`).
    pub async fn purge_before(&self, before: DateTime<Utc>, batch: u64) -> Result<u64, StoreError> {
        let ids: Vec<String> = audit_log::Entity::find()
            .select_only()
            .column(audit_log::Column::Id)
            .filter(audit_log::Column::OccurredAt.lt(before))
            .order_by_asc(audit_log::Column::Id)
            .limit(batch)
            .into_tuple()
            .all(self.db)
            .await?;
        if ids.is_empty() {
            return Ok(0);
        }
        let result = audit_log::Entity::delete_many()
            .filter(audit_log::Column::Id.is_in(ids))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected)
    }
}

fn condition(filter: &AuditFilter) -> Condition {
    use audit_log::Column as C;
    let mut all = Condition::all();
    let exact = [
        (C::ActorId, &filter.actor_id),
        (C::ActorKind, &filter.actor_kind),
        (C::Action, &filter.action),
        (C::Outcome, &filter.outcome),
        (C::ResourceType, &filter.resource_type),
        (C::ResourceId, &filter.resource_id),
        (C::RequestId, &filter.request_id),
        (C::TeamId, &filter.team_id),
    ];
    for (column, value) in exact {
        if let Some(value) = value {
            all = all.add(column.eq(value.clone()));
        }
    }
    if let Some(from) = filter.from {
        all = all.add(C::OccurredAt.gte(from));
    }
    if let Some(to) = filter.to {
        all = all.add(C::OccurredAt.lt(to));
    }
    if let Some(before) = &filter.before_id {
        all = all.add(C::Id.lt(before.clone()));
    }
    if let Some(text) = filter
        .text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let like = || crate::contains(text);
        let lower = |c: C| Expr::expr(Func::lower(Expr::col(c))).like(like());
        all = all.add(
            Condition::any()
                .add(lower(C::ActorLabel))
                .add(lower(C::Action))
                .add(lower(C::ResourceId))
                .add(lower(C::Changes)),
        );
    }
    if let Some((owner, teams)) = &filter.visible_to {
        let mut any = Condition::any().add(C::OwnerId.eq(owner.clone()));
        if !teams.is_empty() {
            any = any.add(C::TeamId.is_in(teams.iter().cloned()));
        }
        all = all.add(any);
    }
    all
}
