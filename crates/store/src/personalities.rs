//! Personalities: built-in ones (no owner, read-only) and each user's own.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    QueryFilter, QueryOrder, TransactionTrait,
};

use crate::StoreError;
use crate::entities::personality;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Personality {
    pub id: String,
    /// `None` for a built-in personality.
    pub owner_id: Option<String>,
    pub name: String,
    pub description: String,
    pub tone: String,
    pub traits: Vec<String>,
    pub instructions: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<personality::Model> for Personality {
    fn from(m: personality::Model) -> Self {
        Self {
            traits: serde_json::from_str(&m.traits).unwrap_or_default(),
            id: m.id,
            owner_id: m.owner_id,
            name: m.name,
            description: m.description,
            tone: m.tone,
            instructions: m.instructions,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewPersonality {
    pub name: String,
    pub description: String,
    pub tone: String,
    pub traits: Vec<String>,
    pub instructions: String,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Personalities<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Personalities<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// The built-in personalities, then the owner's, each by name.
    pub async fn list_for(&self, owner_id: &str) -> Result<Vec<Personality>, StoreError> {
        let rows = personality::Entity::find()
            .filter(
                Condition::any()
                    .add(personality::Column::OwnerId.is_null())
                    .add(personality::Column::OwnerId.eq(owner_id)),
            )
            .order_by_asc(personality::Column::CreatedAt)
            .order_by_asc(personality::Column::Name)
            .all(self.db)
            .await?;
        Ok(rows.into_iter().map(Personality::from).collect())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Personality>, StoreError> {
        Ok(personality::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Personality::from))
    }

    pub async fn create(
        &self,
        owner_id: &str,
        new: NewPersonality,
    ) -> Result<Personality, StoreError> {
        let now = crate::now();
        let model = personality::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            owner_id: Set(Some(owner_id.to_owned())),
            name: Set(new.name),
            description: Set(new.description),
            tone: Set(new.tone),
            traits: Set(serde_json::to_string(&new.traits).unwrap_or_else(|_| "[]".into())),
            instructions: Set(new.instructions),
            created_at: Set(now),
            updated_at: Set(now),
        };
        Ok(model.insert(self.db).await?.into())
    }

    pub async fn update(
        &self,
        id: &str,
        changes: NewPersonality,
    ) -> Result<Personality, StoreError> {
        let model = personality::ActiveModel {
            id: Set(id.to_owned()),
            name: Set(changes.name),
            description: Set(changes.description),
            tone: Set(changes.tone),
            traits: Set(serde_json::to_string(&changes.traits).unwrap_or_else(|_| "[]".into())),
            instructions: Set(changes.instructions),
            updated_at: Set(crate::now()),
            ..Default::default()
        };
        Ok(model.update(self.db).await?.into())
    }

    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        personality::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        Ok(())
    }
}
