//! Agents' embeddable widget settings.

use agentforge_domain::widget::WidgetSettings;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait, TransactionTrait};

use crate::StoreError;
use crate::entities::widget;

/// An agent's saved widget settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Widget {
    pub agent_id: String,
    pub settings: WidgetSettings,
    pub updated_by: Option<String>,
    pub updated_at: DateTime<Utc>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Widgets<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Widgets<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// The agent's settings; `None` when never saved (the defaults apply:
    /// off).
    pub async fn get(&self, agent_id: &str) -> Result<Option<Widget>, StoreError> {
        Ok(widget::Entity::find_by_id(agent_id.to_owned())
            .one(self.db)
            .await?
            .map(|m| Widget {
                // Settings this build cannot read are the defaults: off.
                settings: serde_json::from_str(&m.settings).unwrap_or_default(),
                agent_id: m.agent_id,
                updated_by: m.updated_by,
                updated_at: m.updated_at,
            }))
    }

    /// Saves the agent's settings in place of any before.
    pub async fn put(
        &self,
        agent_id: &str,
        settings: &WidgetSettings,
        updated_by: Option<&str>,
    ) -> Result<Widget, StoreError> {
        let now = crate::now();
        let json = serde_json::to_string(settings).unwrap_or_else(|_| "{}".into());
        let model = widget::ActiveModel {
            agent_id: Set(agent_id.to_owned()),
            settings: Set(json),
            updated_by: Set(updated_by.map(str::to_owned)),
            updated_at: Set(now),
        };
        let exists = widget::Entity::find_by_id(agent_id.to_owned())
            .one(self.db)
            .await?
            .is_some();
        if exists {
            model.update(self.db).await?;
        } else {
            model.insert(self.db).await?;
        }
        Ok(Widget {
            agent_id: agent_id.to_owned(),
            settings: settings.clone(),
            updated_by: updated_by.map(str::to_owned),
            updated_at: now,
        })
    }
}
