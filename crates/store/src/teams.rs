//! Teams, their members (each with a role) and their invitations.
//!
//! The rules that need a row's current state are kept here with conditional
//! writes (an invitation is used once); the rules across rows (a team keeps
//! an owner, a leaving owner's teams are handed over) are the teams
//! service's, run in one transaction with the locking reads given here.
//! Deleting a team takes its agents back to their owners.

use std::collections::HashMap;

use agentforge_domain::team::{InvitationStatus, InvitePolicy, TeamRole};
use agentforge_domain::{Conflict, Language};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, RelationTrait, TransactionSession, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{agent, team, team_invitation, team_member, user};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    pub id: String,
    pub name: String,
    pub description: String,
    /// The role new members get when none is given.
    pub default_role: TeamRole,
    pub invite_policy: InvitePolicy,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<team::Model> for Team {
    fn from(m: team::Model) -> Self {
        Self {
            id: m.id,
            name: m.name,
            description: m.description,
            default_role: TeamRole::parse(&m.default_role).unwrap_or(TeamRole::Member),
            invite_policy: InvitePolicy::parse(&m.invite_policy).unwrap_or(InvitePolicy::Admins),
            created_by: m.created_by,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// A membership, with the member's name and address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: String,
    pub team_id: String,
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// The member's language, for the email they are sent.
    pub language: Language,
    pub role: TeamRole,
    pub joined_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: String,
    pub team_id: String,
    pub email: String,
    pub role: TeamRole,
    pub invited_by: Option<String>,
    /// As stored: never `Expired` (see [`Invitation::status_at`]).
    pub status: InvitationStatus,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub responded_at: Option<DateTime<Utc>>,
}

impl Invitation {
    /// The status as of `now`: a pending invitation past its expiry is expired.
    pub fn status_at(&self, now: DateTime<Utc>) -> InvitationStatus {
        if self.status == InvitationStatus::Pending && self.expires_at <= now {
            InvitationStatus::Expired
        } else {
            self.status
        }
    }
}

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(sea_orm::DbErr::Custom(format!(
        "stored {what} cannot be read: {e}"
    )))
}

impl TryFrom<team_invitation::Model> for Invitation {
    type Error = StoreError;

    fn try_from(m: team_invitation::Model) -> Result<Self, StoreError> {
        Ok(Self {
            role: TeamRole::parse(&m.role).map_err(|e| corrupt("invitation role", e))?,
            status: InvitationStatus::parse(&m.status)
                .map_err(|e| corrupt("invitation status", e))?,
            id: m.id,
            team_id: m.team_id,
            email: m.email,
            invited_by: m.invited_by,
            expires_at: m.expires_at,
            created_at: m.created_at,
            responded_at: m.responded_at,
        })
    }
}

/// A new invitation; the token arrives already hashed.
#[derive(Debug, Clone)]
pub struct NewInvitation {
    pub team_id: String,
    pub email: String,
    pub role: TeamRole,
    pub token_hash: String,
    pub invited_by: String,
    pub expires_at: DateTime<Utc>,
}

/// Changes to a team; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct TeamChanges {
    pub name: Option<String>,
    pub description: Option<String>,
    pub default_role: Option<TeamRole>,
    pub invite_policy: Option<InvitePolicy>,
}

/// The ids of the teams `user_id` belongs to, as a subquery.
pub(crate) fn teams_of(user_id: &str) -> SelectStatement {
    Query::select()
        .column(team_member::Column::TeamId)
        .from(team_member::Entity)
        .and_where(team_member::Column::UserId.eq(user_id))
        .to_owned()
}

/// The ids of the agents shared with the teams `user_id` belongs to.
pub(crate) fn team_agents_of(user_id: &str) -> SelectStatement {
    Query::select()
        .column(agent::Column::Id)
        .from(agent::Entity)
        .and_where(agent::Column::TeamId.in_subquery(teams_of(user_id)))
        .to_owned()
}

type MemberRow = (
    String,
    String,
    String,
    String,
    DateTime<Utc>,
    String,
    String,
    String,
    String,
);

fn member_from(row: MemberRow) -> Result<Member, StoreError> {
    let (id, team_id, user_id, role, joined_at, email, first_name, last_name, language) = row;
    Ok(Member {
        role: TeamRole::parse(&role).map_err(|e| corrupt("member role", e))?,
        id,
        team_id,
        user_id,
        email,
        first_name,
        last_name,
        language: Language::parse(&language).unwrap_or_default(),
        joined_at,
    })
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Teams<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Teams<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Creates a team with `creator` as its owner.
    pub async fn create(
        &self,
        name: &str,
        description: &str,
        creator: &str,
    ) -> Result<Team, StoreError> {
        let txn = self.db.begin().await?;
        let now = crate::now();
        let model = team::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            name: Set(name.to_owned()),
            description: Set(description.to_owned()),
            default_role: Set(TeamRole::Member.as_str().to_owned()),
            invite_policy: Set(InvitePolicy::Admins.as_str().to_owned()),
            created_by: Set(Some(creator.to_owned())),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await?;
        insert_member(&txn, &model.id, creator, TeamRole::Owner).await?;
        txn.commit().await?;
        Ok(model.into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Team>, StoreError> {
        Ok(team::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Team::from))
    }

    /// The teams `user_id` belongs to, with their role in each, by name.
    pub async fn for_user(&self, user_id: &str) -> Result<Vec<(Team, TeamRole)>, StoreError> {
        let roles = self.roles_of(user_id).await?;
        let teams = team::Entity::find()
            .filter(team::Column::Id.is_in(roles.keys().cloned()))
            .order_by_asc(team::Column::Name)
            .order_by_asc(team::Column::Id)
            .all(self.db)
            .await?;
        Ok(teams
            .into_iter()
            .filter_map(|t| {
                let role = *roles.get(&t.id)?;
                Some((Team::from(t), role))
            })
            .collect())
    }

    /// The names of the given teams that exist, by id.
    pub async fn names(&self, ids: &[String]) -> Result<HashMap<String, String>, StoreError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(String, String)> = team::Entity::find()
            .select_only()
            .column(team::Column::Id)
            .column(team::Column::Name)
            .filter(team::Column::Id.is_in(ids.iter().cloned()))
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// Every team, by name (for platform admins).
    pub async fn all(&self) -> Result<Vec<Team>, StoreError> {
        Ok(team::Entity::find()
            .order_by_asc(team::Column::Name)
            .order_by_asc(team::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Team::from)
            .collect())
    }

    /// How many members and agents each of these teams has.
    pub async fn counts(&self, ids: &[String]) -> Result<HashMap<String, (u64, u64)>, StoreError> {
        let mut counts: HashMap<String, (u64, u64)> =
            ids.iter().map(|id| (id.clone(), (0, 0))).collect();
        if ids.is_empty() {
            return Ok(counts);
        }
        let members: Vec<(String, i64)> = team_member::Entity::find()
            .select_only()
            .column(team_member::Column::TeamId)
            .column_as(team_member::Column::Id.count(), "n")
            .filter(team_member::Column::TeamId.is_in(ids.iter().cloned()))
            .group_by(team_member::Column::TeamId)
            .into_tuple()
            .all(self.db)
            .await?;
        for (id, n) in members {
            counts.entry(id).or_default().0 = u64::try_from(n).unwrap_or_default();
        }
        let agents: Vec<(Option<String>, i64)> = agent::Entity::find()
            .select_only()
            .column(agent::Column::TeamId)
            .column_as(agent::Column::Id.count(), "n")
            .filter(agent::Column::TeamId.is_in(ids.iter().cloned()))
            .group_by(agent::Column::TeamId)
            .into_tuple()
            .all(self.db)
            .await?;
        for (id, n) in agents {
            if let Some(id) = id {
                counts.entry(id).or_default().1 = u64::try_from(n).unwrap_or_default();
            }
        }
        Ok(counts)
    }

    pub async fn update(&self, id: &str, changes: TeamChanges) -> Result<Team, StoreError> {
        let mut model = team::ActiveModel {
            id: Set(id.to_owned()),
            updated_at: Set(crate::now()),
            ..Default::default()
        };
        if let Some(name) = changes.name {
            model.name = Set(name);
        }
        if let Some(description) = changes.description {
            model.description = Set(description);
        }
        if let Some(role) = changes.default_role {
            model.default_role = Set(role.as_str().to_owned());
        }
        if let Some(policy) = changes.invite_policy {
            model.invite_policy = Set(policy.as_str().to_owned());
        }
        Ok(model.update(self.db).await?.into())
    }

    /// Deletes the team, its memberships and invitations; its agents go back
    /// to being their owners' alone.
    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let txn = self.db.begin().await?;
        delete_team(&txn, id).await?;
        txn.commit().await?;
        Ok(())
    }

    /// `user_id`'s role in the team, if a member.
    pub async fn role_of(
        &self,
        team_id: &str,
        user_id: &str,
    ) -> Result<Option<TeamRole>, StoreError> {
        let role: Option<String> = team_member::Entity::find()
            .select_only()
            .column(team_member::Column::Role)
            .filter(team_member::Column::TeamId.eq(team_id))
            .filter(team_member::Column::UserId.eq(user_id))
            .into_tuple()
            .one(self.db)
            .await?;
        role.map(|r| TeamRole::parse(&r).map_err(|e| corrupt("member role", e)))
            .transpose()
    }

    /// `user_id`'s role in every team they belong to, by team id.
    pub async fn roles_of(&self, user_id: &str) -> Result<HashMap<String, TeamRole>, StoreError> {
        let rows: Vec<(String, String)> = team_member::Entity::find()
            .select_only()
            .column(team_member::Column::TeamId)
            .column(team_member::Column::Role)
            .filter(team_member::Column::UserId.eq(user_id))
            .into_tuple()
            .all(self.db)
            .await?;
        rows.into_iter()
            .map(|(team, role)| {
                Ok((
                    team,
                    TeamRole::parse(&role).map_err(|e| corrupt("member role", e))?,
                ))
            })
            .collect()
    }

    fn members_query() -> sea_orm::Select<team_member::Entity> {
        team_member::Entity::find()
            .select_only()
            .column(team_member::Column::Id)
            .column(team_member::Column::TeamId)
            .column(team_member::Column::UserId)
            .column(team_member::Column::Role)
            .column(team_member::Column::JoinedAt)
            .column_as(Expr::col((user::Entity, user::Column::Email)), "email")
            .column_as(
                Expr::col((user::Entity, user::Column::FirstName)),
                "first_name",
            )
            .column_as(
                Expr::col((user::Entity, user::Column::LastName)),
                "last_name",
            )
            .column_as(
                Expr::col((user::Entity, user::Column::Language)),
                "language",
            )
            .join(
                sea_orm::JoinType::InnerJoin,
                team_member::Relation::User.def(),
            )
    }

    /// The team's members, owners first, then by join date.
    pub async fn members(&self, team_id: &str) -> Result<Vec<Member>, StoreError> {
        let rows: Vec<MemberRow> = Self::members_query()
            .filter(team_member::Column::TeamId.eq(team_id))
            .order_by_asc(team_member::Column::JoinedAt)
            .order_by_asc(team_member::Column::Id)
            .into_tuple()
            .all(self.db)
            .await?;
        let mut members = rows
            .into_iter()
            .map(member_from)
            .collect::<Result<Vec<_>, _>>()?;
        members.sort_by_key(|m| TeamRole::ALL.iter().position(|r| *r == m.role));
        Ok(members)
    }

    pub async fn member(
        &self,
        team_id: &str,
        member_id: &str,
    ) -> Result<Option<Member>, StoreError> {
        let row: Option<MemberRow> = Self::members_query()
            .filter(team_member::Column::TeamId.eq(team_id))
            .filter(team_member::Column::Id.eq(member_id))
            .into_tuple()
            .one(self.db)
            .await?;
        row.map(member_from).transpose()
    }

    /// Adds `user_id` to the team; `Conflict("member")` if already in it.
    pub async fn add_member(
        &self,
        team_id: &str,
        user_id: &str,
        role: TeamRole,
    ) -> Result<Member, StoreError> {
        let id = insert_member(self.db, team_id, user_id, role).await?;
        self.member(team_id, &id).await?.ok_or(StoreError::NotFound)
    }

    /// Changes a member's role. (That a team keeps an owner is the
    /// caller's rule to check, with [`Teams::owners_locked`], in the same
    /// transaction.)
    pub async fn set_role(
        &self,
        team_id: &str,
        member_id: &str,
        role: TeamRole,
    ) -> Result<Member, StoreError> {
        let current = find_member(self.db, team_id, member_id).await?;
        team_member::ActiveModel {
            id: Set(current.id.clone()),
            role: Set(role.as_str().to_owned()),
            ..Default::default()
        }
        .update(self.db)
        .await?;
        self.member(team_id, member_id)
            .await?
            .ok_or(StoreError::NotFound)
    }

    /// Removes a member.
    pub async fn remove_member(&self, team_id: &str, member_id: &str) -> Result<(), StoreError> {
        let current = find_member(self.db, team_id, member_id).await?;
        team_member::Entity::delete_by_id(current.id)
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// The team's owners. Inside a transaction on PostgreSQL their rows stay
    /// locked until it ends, so two owners stepping down at once cannot both
    /// see the other as the one who stays (SQLite serialises writing
    /// transactions anyway).
    pub async fn owners_locked(&self, team_id: &str) -> Result<Vec<Member>, StoreError> {
        let owners: Vec<String> = team_member::Entity::find()
            .select_only()
            .column(team_member::Column::Id)
            .filter(team_member::Column::TeamId.eq(team_id))
            .filter(team_member::Column::Role.eq(TeamRole::Owner.as_str()))
            .lock_exclusive()
            .into_tuple()
            .all(self.db)
            .await?;
        let mut members = Vec::with_capacity(owners.len());
        for id in owners {
            members.extend(self.member(team_id, &id).await?);
        }
        Ok(members)
    }

    /// The teams `user_id` owns.
    pub async fn owned_by(&self, user_id: &str) -> Result<Vec<String>, StoreError> {
        Ok(team_member::Entity::find()
            .select_only()
            .column(team_member::Column::TeamId)
            .filter(team_member::Column::UserId.eq(user_id))
            .filter(team_member::Column::Role.eq(TeamRole::Owner.as_str()))
            .into_tuple()
            .all(self.db)
            .await?)
    }

    /// The team's members other than `user_id`, longest-standing first, their
    /// rows locked until the transaction ends (on PostgreSQL).
    pub async fn others_locked(
        &self,
        team_id: &str,
        user_id: &str,
    ) -> Result<Vec<Member>, StoreError> {
        let ids: Vec<String> = team_member::Entity::find()
            .select_only()
            .column(team_member::Column::Id)
            .filter(team_member::Column::TeamId.eq(team_id))
            .filter(team_member::Column::UserId.ne(user_id))
            .order_by_asc(team_member::Column::JoinedAt)
            .order_by_asc(team_member::Column::Id)
            .lock_exclusive()
            .into_tuple()
            .all(self.db)
            .await?;
        let mut members = Vec::with_capacity(ids.len());
        for id in ids {
            members.extend(self.member(team_id, &id).await?);
        }
        Ok(members)
    }

    /// The user ids of the team's members.
    pub async fn member_ids(&self, team_id: &str) -> Result<Vec<String>, StoreError> {
        Ok(team_member::Entity::find()
            .select_only()
            .column(team_member::Column::UserId)
            .filter(team_member::Column::TeamId.eq(team_id))
            .into_tuple()
            .all(self.db)
            .await?)
    }

    /// The user ids of the members of the team an agent is shared with
    /// (none when it is not shared).
    pub async fn member_ids_for_agent(&self, agent_id: &str) -> Result<Vec<String>, StoreError> {
        let team_of_agent = Query::select()
            .column(agent::Column::TeamId)
            .from(agent::Entity)
            .and_where(agent::Column::Id.eq(agent_id))
            .to_owned();
        Ok(team_member::Entity::find()
            .select_only()
            .column(team_member::Column::UserId)
            .filter(team_member::Column::TeamId.in_subquery(team_of_agent))
            .into_tuple()
            .all(self.db)
            .await?)
    }

    /// Stores an invitation, revoking any earlier pending one to the same
    /// address for the same team (an invitation sent again replaces it).
    pub async fn invite(&self, new: NewInvitation) -> Result<Invitation, StoreError> {
        let txn = self.db.begin().await?;
        let now = crate::now();
        team_invitation::Entity::update_many()
            .col_expr(
                team_invitation::Column::Status,
                Expr::value(InvitationStatus::Revoked.as_str()),
            )
            .col_expr(team_invitation::Column::RespondedAt, Expr::value(now))
            .filter(team_invitation::Column::TeamId.eq(new.team_id.clone()))
            .filter(team_invitation::Column::Email.eq(new.email.clone()))
            .filter(team_invitation::Column::Status.eq(InvitationStatus::Pending.as_str()))
            .exec(&txn)
            .await?;
        let model = team_invitation::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            team_id: Set(new.team_id),
            email: Set(new.email),
            role: Set(new.role.as_str().to_owned()),
            token_hash: Set(new.token_hash),
            invited_by: Set(Some(new.invited_by)),
            status: Set(InvitationStatus::Pending.as_str().to_owned()),
            expires_at: Set(new.expires_at),
            created_at: Set(now),
            responded_at: Set(None),
        }
        .insert(&txn)
        .await?;
        txn.commit().await?;
        Invitation::try_from(model)
    }

    /// The team's pending invitations (expired ones included), newest first.
    pub async fn pending_invitations(&self, team_id: &str) -> Result<Vec<Invitation>, StoreError> {
        team_invitation::Entity::find()
            .filter(team_invitation::Column::TeamId.eq(team_id))
            .filter(team_invitation::Column::Status.eq(InvitationStatus::Pending.as_str()))
            .order_by_desc(team_invitation::Column::CreatedAt)
            .order_by_desc(team_invitation::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Invitation::try_from)
            .collect()
    }

    /// How many open (pending, unexpired) invitations the team has, leaving
    /// out any to `except_email` (which a new invitation to it replaces).
    pub async fn open_invitation_count(
        &self,
        team_id: &str,
        except_email: &str,
    ) -> Result<u64, StoreError> {
        Ok(team_invitation::Entity::find()
            .filter(team_invitation::Column::TeamId.eq(team_id))
            .filter(team_invitation::Column::Status.eq(InvitationStatus::Pending.as_str()))
            .filter(team_invitation::Column::ExpiresAt.gt(crate::now()))
            .filter(team_invitation::Column::Email.ne(except_email))
            .count(self.db)
            .await?)
    }

    /// Pending, unexpired invitations to `email`, newest first.
    pub async fn invitations_for(&self, email: &str) -> Result<Vec<Invitation>, StoreError> {
        team_invitation::Entity::find()
            .filter(team_invitation::Column::Email.eq(email))
            .filter(team_invitation::Column::Status.eq(InvitationStatus::Pending.as_str()))
            .filter(team_invitation::Column::ExpiresAt.gt(crate::now()))
            .order_by_desc(team_invitation::Column::CreatedAt)
            .order_by_desc(team_invitation::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Invitation::try_from)
            .collect()
    }

    pub async fn invitation(&self, id: &str) -> Result<Option<Invitation>, StoreError> {
        team_invitation::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Invitation::try_from)
            .transpose()
    }

    pub async fn invitation_by_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<Invitation>, StoreError> {
        team_invitation::Entity::find()
            .filter(team_invitation::Column::TokenHash.eq(token_hash))
            .one(self.db)
            .await?
            .map(Invitation::try_from)
            .transpose()
    }

    /// Closes a pending invitation as rejected or revoked;
    /// `Conflict("invitation")` if it is no longer pending.
    pub async fn close_invitation(
        &self,
        id: &str,
        status: InvitationStatus,
    ) -> Result<(), StoreError> {
        close_pending(self.db, id, status).await
    }
}

async fn insert_member(
    db: &impl ConnectionTrait,
    team_id: &str,
    user_id: &str,
    role: TeamRole,
) -> Result<String, StoreError> {
    let id = uuid::Uuid::now_v7().to_string();
    team_member::ActiveModel {
        id: Set(id.clone()),
        team_id: Set(team_id.to_owned()),
        user_id: Set(user_id.to_owned()),
        role: Set(role.as_str().to_owned()),
        joined_at: Set(crate::now()),
    }
    .insert(db)
    .await
    .map_err(|e| StoreError::conflict_on_unique(e, Conflict::AlreadyMember))?;
    Ok(id)
}

async fn find_member(
    db: &impl ConnectionTrait,
    team_id: &str,
    member_id: &str,
) -> Result<team_member::Model, StoreError> {
    team_member::Entity::find_by_id(member_id.to_owned())
        .filter(team_member::Column::TeamId.eq(team_id))
        .one(db)
        .await?
        .ok_or(StoreError::NotFound)
}

async fn close_pending(
    db: &impl ConnectionTrait,
    id: &str,
    status: InvitationStatus,
) -> Result<(), StoreError> {
    let result = team_invitation::Entity::update_many()
        .col_expr(
            team_invitation::Column::Status,
            Expr::value(status.as_str()),
        )
        .col_expr(
            team_invitation::Column::RespondedAt,
            Expr::value(crate::now()),
        )
        .filter(team_invitation::Column::Id.eq(id))
        .filter(team_invitation::Column::Status.eq(InvitationStatus::Pending.as_str()))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(StoreError::Conflict(Conflict::InvitationClosed));
    }
    Ok(())
}

/// Takes the team's agents back to their owners, then deletes the team (its
/// memberships and invitations go by foreign key); `NotFound` if absent.
async fn delete_team(db: &impl ConnectionTrait, id: &str) -> Result<(), StoreError> {
    agent::Entity::update_many()
        .col_expr(agent::Column::TeamId, Expr::value(Option::<String>::None))
        .filter(agent::Column::TeamId.eq(id))
        .exec(db)
        .await?;
    let result = team::Entity::delete_by_id(id.to_owned()).exec(db).await?;
    if result.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}
