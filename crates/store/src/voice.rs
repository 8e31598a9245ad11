//! Voice conversations' audio and timings, and the cache of synthesised
//! speech.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{speech_cache, voice_clip, voice_turn};

/// A message's audio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clip {
    pub message_id: String,
    pub conversation_id: String,
    pub content_type: String,
    pub duration_ms: Option<u32>,
    pub data: Vec<u8>,
}

/// A message's audio without the audio: what lists show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipInfo {
    pub message_id: String,
    pub content_type: String,
    pub size_bytes: u64,
    pub duration_ms: Option<u32>,
}

/// What one voice turn took, stage by stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceTurn {
    pub answer_id: String,
    pub conversation_id: String,
    pub question_id: String,
    /// `server` (the transcription endpoint) or `browser` (its own recognition).
    pub transcribed_by: String,
    pub voice_id: Option<String>,
    /// Why the answer was not spoken by the provider (the browser spoke it).
    pub speech_error: Option<String>,
    /// The stage timings, a JSON object of milliseconds.
    pub timings: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Voice<'a, C = crate::Db> {
    db: &'a C,
}

fn u32_of(n: Option<i32>) -> Option<u32> {
    n.and_then(|n| u32::try_from(n).ok())
}

impl<'a, C: ConnectionTrait + TransactionTrait> Voice<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Keeps `clip` as its message's audio.
    pub async fn add_clip(&self, clip: &Clip) -> Result<(), StoreError> {
        voice_clip::Entity::insert(voice_clip::ActiveModel {
            message_id: Set(clip.message_id.clone()),
            conversation_id: Set(clip.conversation_id.clone()),
            content_type: Set(clip.content_type.clone()),
            size_bytes: Set(i64::try_from(clip.data.len()).unwrap_or(i64::MAX)),
            duration_ms: Set(clip.duration_ms.and_then(|d| i32::try_from(d).ok())),
            data: Set(clip.data.clone()),
            created_at: Set(crate::now()),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    /// A message's audio.
    pub async fn clip(&self, message_id: &str) -> Result<Option<Clip>, StoreError> {
        Ok(voice_clip::Entity::find_by_id(message_id.to_owned())
            .one(self.db)
            .await?
            .map(|m| Clip {
                message_id: m.message_id,
                conversation_id: m.conversation_id,
                content_type: m.content_type,
                duration_ms: u32_of(m.duration_ms),
                data: m.data,
            }))
    }

    /// Which messages of a conversation have audio (the audio left unread).
    pub async fn clips_of(&self, conversation_id: &str) -> Result<Vec<ClipInfo>, StoreError> {
        let rows: Vec<(String, String, i64, Option<i32>)> = voice_clip::Entity::find()
            .select_only()
            .column(voice_clip::Column::MessageId)
            .column(voice_clip::Column::ContentType)
            .column(voice_clip::Column::SizeBytes)
            .column(voice_clip::Column::DurationMs)
            .filter(voice_clip::Column::ConversationId.eq(conversation_id))
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(message_id, content_type, size, duration)| ClipInfo {
                message_id,
                content_type,
                size_bytes: u64::try_from(size).unwrap_or_default(),
                duration_ms: u32_of(duration),
            })
            .collect())
    }

    pub async fn add_turn(&self, turn: &VoiceTurn) -> Result<(), StoreError> {
        voice_turn::Entity::insert(voice_turn::ActiveModel {
            answer_id: Set(turn.answer_id.clone()),
            conversation_id: Set(turn.conversation_id.clone()),
            question_id: Set(turn.question_id.clone()),
            transcribed_by: Set(turn.transcribed_by.clone()),
            voice_id: Set(turn.voice_id.clone()),
            speech_error: Set(turn.speech_error.clone()),
            timings: Set(turn.timings.to_string()),
            created_at: Set(turn.created_at),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    /// A conversation's voice turns, oldest first.
    pub async fn turns_of(&self, conversation_id: &str) -> Result<Vec<VoiceTurn>, StoreError> {
        Ok(voice_turn::Entity::find()
            .filter(voice_turn::Column::ConversationId.eq(conversation_id))
            .order_by_asc(voice_turn::Column::CreatedAt)
            .all(self.db)
            .await?
            .into_iter()
            .map(|m| VoiceTurn {
                timings: serde_json::from_str(&m.timings).unwrap_or_default(),
                answer_id: m.answer_id,
                conversation_id: m.conversation_id,
                question_id: m.question_id,
                transcribed_by: m.transcribed_by,
                voice_id: m.voice_id,
                speech_error: m.speech_error,
                created_at: m.created_at,
            })
            .collect())
    }

    /// Speech made before for `key`: its content type and audio. A hit
    /// more than an hour after the last one marks the entry used (so the
    /// sweep keeps it) without a write on every hit.
    pub async fn cached_speech(&self, key: &str) -> Result<Option<(String, Vec<u8>)>, StoreError> {
        let Some(m) = speech_cache::Entity::find_by_id(key.to_owned())
            .one(self.db)
            .await?
        else {
            return Ok(None);
        };
        let now = crate::now();
        if now - m.used_at > chrono::Duration::hours(1) {
            speech_cache::Entity::update_many()
                .col_expr(speech_cache::Column::UsedAt, now.into())
                .filter(speech_cache::Column::CacheKey.eq(key))
                .exec(self.db)
                .await?;
        }
        Ok(Some((m.content_type, m.data)))
    }

    /// Keeps speech made for `key` (a second writer of the same key leaves
    /// the first's).
    pub async fn cache_speech(
        &self,
        key: &str,
        content_type: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        let now = crate::now();
        speech_cache::Entity::insert(speech_cache::ActiveModel {
            cache_key: Set(key.to_owned()),
            content_type: Set(content_type.to_owned()),
            size_bytes: Set(i64::try_from(data.len()).unwrap_or(i64::MAX)),
            data: Set(data.to_vec()),
            created_at: Set(now),
            used_at: Set(now),
        })
        .on_conflict(
            OnConflict::column(speech_cache::Column::CacheKey)
                .do_nothing()
                .to_owned(),
        )
        .try_insert()
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    /// Forgets speech not used since `before`; how many entries went.
    pub async fn prune_speech(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        Ok(speech_cache::Entity::delete_many()
            .filter(speech_cache::Column::UsedAt.lt(before))
            .exec(self.db)
            .await?
            .rows_affected)
    }
}
