//! Knowledge documents, their passages and full-text search over them, and
//! uploaded images.

use agentforge_domain::knowledge::DocumentStatus;
use agentforge_domain::text::keywords;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Statement, TransactionSession,
    TransactionTrait,
};

use crate::StoreError;
use crate::entities::{document, passage, upload};

/// Passages are written in batches of this many rows.
const INSERT_BATCH: usize = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub id: String,
    pub agent_id: String,
    pub owner_id: String,
    pub name: String,
    pub content_type: String,
    pub size_bytes: u64,
    pub status: DocumentStatus,
    pub passage_count: u32,
    pub char_count: u64,
    pub created_at: DateTime<Utc>,
}

impl From<document::Model> for Document {
    fn from(m: document::Model) -> Self {
        Self {
            id: m.id,
            agent_id: m.agent_id,
            owner_id: m.owner_id,
            name: m.name,
            content_type: m.content_type,
            size_bytes: u64::try_from(m.size_bytes).unwrap_or_default(),
            status: DocumentStatus::parse(&m.status).unwrap_or(DocumentStatus::Ready),
            passage_count: u32::try_from(m.passage_count).unwrap_or_default(),
            char_count: u64::try_from(m.char_count).unwrap_or_default(),
            created_at: m.created_at,
        }
    }
}

/// A document whose text is already extracted and split.
#[derive(Debug, Clone)]
pub struct NewDocument {
    pub agent_id: String,
    pub owner_id: String,
    pub name: String,
    pub content_type: String,
    pub size_bytes: u64,
    pub passages: Vec<String>,
}

/// A passage that matched a search.
#[derive(Debug, Clone, PartialEq)]
pub struct PassageHit {
    pub passage_id: i64,
    pub document_id: String,
    pub document_name: String,
    pub content: String,
    /// Higher is better; comparable within one search only.
    pub score: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Upload {
    pub id: String,
    pub owner_id: String,
    pub name: String,
    pub content_type: String,
    pub data: Vec<u8>,
    pub created_at: DateTime<Utc>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Knowledge<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Knowledge<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Stores documents with their passages, all or none.
    pub async fn create_documents(
        &self,
        documents: Vec<NewDocument>,
    ) -> Result<Vec<Document>, StoreError> {
        let txn = self.db.begin().await?;
        let mut created = Vec::with_capacity(documents.len());
        for new in documents {
            let id = uuid::Uuid::now_v7().to_string();
            let chars: usize = new.passages.iter().map(|p| p.chars().count()).sum();
            let model = document::ActiveModel {
                id: Set(id.clone()),
                agent_id: Set(new.agent_id.clone()),
                owner_id: Set(new.owner_id),
                name: Set(new.name.chars().take(255).collect()),
                content_type: Set(new.content_type),
                size_bytes: Set(i64::try_from(new.size_bytes).unwrap_or(i64::MAX)),
                status: Set(DocumentStatus::Ready.as_str().to_owned()),
                passage_count: Set(i32::try_from(new.passages.len()).unwrap_or(i32::MAX)),
                char_count: Set(i64::try_from(chars).unwrap_or(i64::MAX)),
                created_at: Set(crate::now()),
            }
            .insert(&txn)
            .await?;
            let rows: Vec<passage::ActiveModel> = new
                .passages
                .into_iter()
                .enumerate()
                .map(|(position, content)| passage::ActiveModel {
                    document_id: Set(id.clone()),
                    agent_id: Set(new.agent_id.clone()),
                    position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
                    content: Set(content),
                    ..Default::default()
                })
                .collect();
            let mut rows = rows.into_iter().peekable();
            while rows.peek().is_some() {
                let batch: Vec<_> = rows.by_ref().take(INSERT_BATCH).collect();
                passage::Entity::insert_many(batch).exec(&txn).await?;
            }
            created.push(Document::from(model));
        }
        txn.commit().await?;
        Ok(created)
    }

    pub async fn document(&self, id: &str) -> Result<Option<Document>, StoreError> {
        Ok(document::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Document::from))
    }

    /// An agent's documents, newest first.
    pub async fn documents(&self, agent_id: &str) -> Result<Vec<Document>, StoreError> {
        Ok(document::Entity::find()
            .filter(document::Column::AgentId.eq(agent_id))
            .order_by_desc(document::Column::CreatedAt)
            .order_by_desc(document::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Document::from)
            .collect())
    }

    pub async fn count_documents(&self, owner_id: &str) -> Result<u64, StoreError> {
        Ok(document::Entity::find()
            .filter(document::Column::OwnerId.eq(owner_id))
            .count(self.db)
            .await?)
    }

    /// What an account's documents take against its quota: the sum of each
    /// document's file size and text length (characters).
    pub async fn document_usage(&self, owner_id: &str) -> Result<u64, StoreError> {
        let total: Option<i64> = document::Entity::find()
            .select_only()
            .column_as(
                // SUM of a BIGINT is NUMERIC on PostgreSQL.
                Expr::expr(Func::cast_as(
                    Func::sum(
                        Expr::col(document::Column::SizeBytes)
                            .add(Expr::col(document::Column::CharCount)),
                    ),
                    "BIGINT",
                )),
                "total",
            )
            .filter(document::Column::OwnerId.eq(owner_id))
            .into_tuple()
            .one(self.db)
            .await?
            .flatten();
        Ok(u64::try_from(total.unwrap_or_default()).unwrap_or_default())
    }

    /// Removes a document and its passages (and their index entries).
    pub async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        let txn = self.db.begin().await?;
        passage::Entity::delete_many()
            .filter(passage::Column::DocumentId.eq(id))
            .exec(&txn)
            .await?;
        let result = document::Entity::delete_by_id(id.to_owned())
            .exec(&txn)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        txn.commit().await?;
        Ok(())
    }

    /// The agent's passages that best match `text`, best first, with the
    /// database's own full-text search.
    pub async fn search(
        &self,
        agent_id: &str,
        text: &str,
        limit: u64,
    ) -> Result<Vec<PassageHit>, StoreError> {
        // Letters and digits only: safe inside either engine's query syntax.
        let terms = keywords(text);
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let backend = self.db.get_database_backend();
        let statement = match backend {
            DatabaseBackend::Postgres => Statement::from_sql_and_values(
                backend,
                "SELECT p.id, p.document_id, d.name, p.content, ts_rank_cd(p.tsv, q)::float8 AS score
                 FROM passages p JOIN documents d ON d.id = p.document_id,
                      to_tsquery('english', $1) q
                 WHERE p.agent_id = $2 AND p.tsv @@ q
                 ORDER BY score DESC, p.id LIMIT $3",
                [terms.join(" | ").into(), agent_id.into(), limit.into()],
            ),
            _ => Statement::from_sql_and_values(
                backend,
                "SELECT p.id, p.document_id, d.name, p.content, -bm25(passages_fts) AS score
                 FROM passages_fts
                 JOIN passages p ON p.id = passages_fts.rowid
                 JOIN documents d ON d.id = p.document_id
                 WHERE passages_fts MATCH ? AND p.agent_id = ?
                 ORDER BY score DESC, p.id LIMIT ?",
                [
                    terms
                        .iter()
                        .map(|t| format!("\"{t}\""))
                        .collect::<Vec<_>>()
                        .join(" OR ")
                        .into(),
                    agent_id.into(),
                    limit.into(),
                ],
            ),
        };
        let rows = self.db.query_all_raw(statement).await?;
        rows.into_iter()
            .map(|row| {
                Ok(PassageHit {
                    passage_id: row.try_get_by_index(0)?,
                    document_id: row.try_get_by_index(1)?,
                    document_name: row.try_get_by_index(2)?,
                    content: row.try_get_by_index(3)?,
                    score: row.try_get_by_index(4)?,
                })
            })
            .collect()
    }

    pub async fn create_upload(
        &self,
        owner_id: &str,
        name: &str,
        content_type: &str,
        data: Vec<u8>,
    ) -> Result<Upload, StoreError> {
        let model = upload::ActiveModel {
            id: Set(uuid::Uuid::new_v4().to_string()),
            owner_id: Set(owner_id.to_owned()),
            name: Set(name.chars().take(255).collect()),
            content_type: Set(content_type.to_owned()),
            size_bytes: Set(i64::try_from(data.len()).unwrap_or(i64::MAX)),
            data: Set(data),
            created_at: Set(crate::now()),
        }
        .insert(self.db)
        .await?;
        Ok(Upload {
            id: model.id,
            owner_id: model.owner_id,
            name: model.name,
            content_type: model.content_type,
            data: model.data,
            created_at: model.created_at,
        })
    }

    pub async fn upload(&self, id: &str) -> Result<Option<Upload>, StoreError> {
        Ok(upload::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(|m| Upload {
                id: m.id,
                owner_id: m.owner_id,
                name: m.name,
                content_type: m.content_type,
                data: m.data,
                created_at: m.created_at,
            }))
    }
}
