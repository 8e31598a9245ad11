//! Run-time configuration documents (Admin › Configuration): read, read
//! locked for a change, saved with the next revision. The server seals
//! secrets before they get here and knows what the document means; the
//! store keeps text and a number.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::configuration;

/// One saved document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredConfiguration {
    pub name: String,
    pub document: String,
    pub revision: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

impl From<configuration::Model> for StoredConfiguration {
    fn from(m: configuration::Model) -> Self {
        Self {
            name: m.name,
            document: m.document,
            revision: m.revision,
            updated_at: m.updated_at,
            updated_by: m.updated_by,
        }
    }
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Configuration<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Configuration<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn get(&self, name: &str) -> Result<Option<StoredConfiguration>, StoreError> {
        Ok(configuration::Entity::find_by_id(name.to_owned())
            .one(self.db)
            .await?
            .map(StoredConfiguration::from))
    }

    /// The document's revision alone (0 when never saved): what each
    /// instance reads every moment to notice a change.
    pub async fn revision(&self, name: &str) -> Result<i64, StoreError> {
        Ok(configuration::Entity::find_by_id(name.to_owned())
            .select_only()
            .column(configuration::Column::Revision)
            .into_tuple::<i64>()
            .one(self.db)
            .await?
            .unwrap_or(0))
    }

    /// The document, its row locked until the transaction ends (on SQLite
    /// the transaction's own write lock does it), so two saves in a row
    /// both build on what was there.
    pub async fn get_locked(&self, name: &str) -> Result<Option<StoredConfiguration>, StoreError> {
        Ok(configuration::Entity::find_by_id(name.to_owned())
            .lock_exclusive()
            .one(self.db)
            .await?
            .map(StoredConfiguration::from))
    }

    /// Writes `document` as the next revision after `previous` (0: none yet).
    pub async fn save(
        &self,
        name: &str,
        document: String,
        previous: i64,
        updated_by: Option<String>,
    ) -> Result<StoredConfiguration, StoreError> {
        let model = configuration::ActiveModel {
            name: Set(name.to_owned()),
            document: Set(document),
            revision: Set(previous + 1),
            updated_at: Set(crate::now()),
            updated_by: Set(updated_by),
        };
        let saved = if previous == 0 {
            model.insert(self.db).await?
        } else {
            model.update(self.db).await?
        };
        Ok(saved.into())
    }
}
