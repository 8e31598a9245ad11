//! What accounts can do: sign up, sign in, refresh, sign out, verify the
//! email, reset the password, change the profile, delete the account.
//!
//! Each operation that writes more than once does it in one transaction,
//! with the email it sends queued in the same one: a password reset uses
//! its link, sets the password, proves the address, signs every session out
//! and tells the owner, or does none of it. Each change writes its audit
//! entry in its transaction too (`user.register`, `user.login` …); a failed
//! sign-in, which changes nothing, writes one of its own.

use std::net::IpAddr;

use agentforge_domain::audit::{AuditAction, AuditOutcome, AuditResource};
use agentforge_domain::error::{Conflict, Error, Problems, Unauthenticated, messages};
use agentforge_domain::policy::Actor;
use agentforge_domain::{Email, Language, Password, PersonName, Role};
use agentforge_runtime::{JobFailure, JobHandler, Queue};
use agentforge_store::{
    Job, NewJob, NewRefreshToken, NewUser, ProfileChanges, Rotation, Store, StoreError,
    TokenPurpose, Tx, User,
};
use chrono::Utc;

use super::password::Hasher;
use crate::audit::{self, Change};
use crate::auth::device::{DeviceCookie, DeviceCookies};
use crate::auth::tokens::{
    self, ACCESS_TOKEN_TTL, AccessClaims, AccessTokens, REFRESH_TOKEN_TTL, RESET_TOKEN_TTL,
    VERIFICATION_TOKEN_TTL,
};
use crate::mail::{MailMessage, Mailer, Outgoing, greeting_name};
use crate::rate_limit::RateLimiter;

/// Where a request comes from, recorded with the sessions it opens.
#[derive(Debug, Clone)]
pub struct Client {
    pub ip: IpAddr,
    pub user_agent: Option<String>,
    /// The device cookies it presented (name, value), unchecked.
    pub devices: Vec<(String, String)>,
}

/// A signed-in session.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    /// The session's id (its refresh tokens' family), which its access
    /// tokens name.
    pub id: String,
    /// The access token (JWT).
    pub token: String,
    pub refresh_token: String,
    /// Seconds until `token` expires.
    pub expires_in: i64,
    /// For sign-in and sign-up: the cookie that makes this browser a known
    /// device of the account (`auth::device`).
    pub device_cookie: Option<DeviceCookie>,
}

/// What a new account is made of, as sent.
#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    /// A [`Language`]'s code; `None`: English.
    pub language: Option<String>,
}

/// Changes to a profile, as sent.
#[derive(Debug, Clone, Default)]
pub struct ProfileUpdate {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub current_password: Option<String>,
    pub new_password: Option<String>,
    /// A [`Language`]'s code.
    pub language: Option<String>,
}

/// The generic answer to forgot-password, the same whether or not the address has an account.
pub const RESET_SENT: &str =
    "If an account exists for this address, we have sent a link to reset its password.";

fn invalid_link() -> Error {
    Error::BadRequest {
        code: "invalid_token",
        message: "This link is invalid or has expired".into(),
    }
}

fn disabled() -> Error {
    Error::Denied(agentforge_domain::Denied::AccountDisabled)
}

/// The audit entry of a change to `user`'s account, which is theirs.
pub(super) fn change(action: AuditAction, user: &User) -> Change {
    Change::new(action, AuditResource::User, &user.id).owner(&user.id)
}

/// What an account's audit diff compares: its profile, never the password
/// (whose change an entry shows with [`with_password_change`]).
pub(super) fn profile(user: &User) -> serde_json::Value {
    serde_json::json!({
        "email": user.email,
        "firstName": user.first_name,
        "lastName": user.last_name,
        "role": user.role.as_str(),
        "language": user.language.as_str(),
        "emailVerified": user.email_verified_at.is_some(),
    })
}

/// `entry` showing that the password changed from `before`'s to `after`'s
/// (the diff redacts the field, so only that it changed shows).
pub(super) fn with_password_change(entry: Change, before: &User, after: &User) -> Change {
    let hash = |user: &User| serde_json::json!({ "password": user.password_hash });
    entry.diff(&hash(before), &hash(after))
}

/// The entry of a session opened or ended: the session, the account's.
fn session_change(action: AuditAction, user_id: &str, session_id: &str) -> Change {
    Change::new(action, AuditResource::Session, session_id).owner(user_id)
}

/// What account operations use: the store, email, the limits and tokens.
pub struct Accounts<'a> {
    pub store: &'a Store,
    pub mailer: &'a Mailer,
    /// The durable queue (forgot-password's lookup runs there).
    pub jobs: &'a Queue,
    pub limiter: &'a RateLimiter,
    pub tokens: &'a AccessTokens,
    pub devices: &'a DeviceCookies,
    /// Argon2, a few at a time.
    pub hasher: &'a Hasher,
    /// Sign-in, sign-up and reset requests a minute from one address.
    pub per_ip: u32,
    /// The same, per email address; and sign-ins a minute from one known
    /// device of an account.
    pub per_email: u32,
    /// Whether anyone may sign up; when not, only the first account and
    /// people with an open team invitation may.
    pub signup_open: bool,
}

impl Accounts<'_> {
    fn limit_ip(&self, client: &Client) -> Result<(), Error> {
        self.limiter
            .check(&format!("auth-ip:{}", client.ip), self.per_ip)
    }

    pub async fn register(&self, input: Registration, client: Client) -> Result<Session, Error> {
        self.limit_ip(&client)?;
        let mut problems = Problems::default();
        let email = problems.check("email", Email::parse(&input.email));
        let password = problems.check("password", Password::parse(&input.password));
        let first_name = problems.check("firstName", PersonName::parse(&input.first_name));
        let last_name = problems.check("lastName", PersonName::parse_optional(&input.last_name));
        let language = match input.language.as_deref() {
            None => Some(Language::default()),
            Some(code) => problems.check("language", Language::parse(code)),
        };
        problems.finish()?;
        let (Some(email), Some(password), Some(first_name), Some(last_name), Some(language)) =
            (email, password, first_name, last_name, language)
        else {
            return Err(Error::internal("validated fields missing"));
        };

        if !self.signup_open && !self.may_join(&email).await? {
            return Err(Error::Denied(agentforge_domain::Denied::SignupClosed));
        }
        let password_hash = self.hasher.hash(password).await?;
        let tx = self.store.begin().await?;
        // The first account of a fresh install administers it.
        let first = tx.users().count().await? == 0;
        let role = if first { Role::Admin } else { Role::User };
        let user = tx
            .users()
            .create(NewUser {
                email,
                password_hash,
                first_name: first_name.into_string(),
                last_name: last_name.into_string(),
                role,
                language,
                email_verified: false,
            })
            .await?;
        self.send_verification(&tx, &user).await?;
        // Signing up signs in: the account is active from its first moment.
        tx.users().touch_last_login(&user.id).await?;
        let entry = change(AuditAction::UserRegister, &user).created(&profile(&user));
        audit::record(&tx, &crate::access::actor(&user), entry).await?;
        let mut session = self.open_session(&tx, user, &client).await?;
        tx.commit().await?;
        session.device_cookie = Some(self.devices.issue(&email_of(&session.user)?));
        Ok(session)
    }

    /// Whether `email` may make an account while sign-up is closed: it is
    /// the install's first, or a team has invited it.
    async fn may_join(&self, email: &Email) -> Result<bool, Error> {
        Ok(self.store.users().count().await? == 0
            || !self
                .store
                .teams()
                .invitations_for(email.as_str())
                .await?
                .is_empty())
    }

    pub async fn login(
        &self,
        email: &str,
        password: &str,
        client: Client,
    ) -> Result<Session, Error> {
        self.limit_ip(&client)?;
        let mut problems = Problems::default();
        let parsed_email = problems.check("email", Email::parse(email));
        if password.is_empty() {
            problems.add("password", messages::REQUIRED);
        }
        problems.finish()?;
        let Some(email) = parsed_email else {
            return Err(Error::Unauthenticated(Unauthenticated::InvalidCredentials));
        };
        // Anyone can spend an address's budget; a browser that signed in to
        // it before has a budget of its own, so the owner is never locked
        // out by a stranger (OWASP's device cookies).
        match self.devices.recognise(&client.devices, &email) {
            Some(device) => self
                .limiter
                .check(&format!("login-device:{device}"), self.per_email)?,
            None => self
                .limiter
                .check(&format!("login-email:{email}"), self.per_email)?,
        }

        let user = self.store.users().find_by_email(&email).await?;
        // Verify against a dummy hash for unknown addresses too, so the answer
        // takes as long and says the same: no probing for accounts.
        let stored = user.as_ref().map(|u| u.password_hash.clone());
        let matches = self.hasher.verify(password.to_owned(), stored).await?;
        let user = match user {
            Some(user) if matches => user,
            user => {
                self.record_failed_login(user.as_ref(), &email).await;
                return Err(Error::Unauthenticated(Unauthenticated::InvalidCredentials));
            }
        };
        if user.disabled_at.is_some() {
            return Err(disabled());
        }
        let tx = self.store.begin().await?;
        tx.users().touch_last_login(&user.id).await?;
        let actor = crate::access::actor(&user);
        let mut session = self.open_session(&tx, user, &client).await?;
        let entry = session_change(AuditAction::UserLogin, &session.user.id, &session.id);
        audit::record(&tx, &actor, entry).await?;
        tx.commit().await?;
        session.device_cookie = Some(self.devices.issue(&email));
        Ok(session)
    }

    /// Records a sign-in refused for its credentials: against the account
    /// when the address has one, else against no account, with the address
    /// typed. Either way the same work, so the time taken tells nothing.
    /// A failure to record is logged: the answer stays the refusal.
    async fn record_failed_login(&self, user: Option<&User>, email: &Email) {
        let entry = match user {
            Some(user) => change(AuditAction::UserLoginFailed, user),
            None => Change::new(AuditAction::UserLoginFailed, AuditResource::User, "unknown")
                .field("email", email.as_str()),
        }
        .outcome(AuditOutcome::Failed);
        if let Err(error) = audit::record_alone(self.store, &Actor::Anonymous, entry).await {
            tracing::warn!(%error, "could not record a failed sign-in in the audit log");
        }
    }

    pub async fn refresh(&self, refresh_token: &str, client: Client) -> Result<Session, Error> {
        if refresh_token.trim().is_empty() {
            return Err(Error::invalid("refreshToken", messages::REQUIRED));
        }
        let (new_token, new_hash) = tokens::opaque_token();
        let rotation = self
            .store
            .refresh_tokens()
            .rotate(
                &tokens::hash_token(refresh_token.trim()),
                new_hash,
                Utc::now() + REFRESH_TOKEN_TTL,
                client.user_agent,
                Some(client.ip.to_string()),
            )
            .await?;
        let invalid = || Error::Unauthenticated(Unauthenticated::TokenInvalid);
        let (user_id, session_id) = match rotation {
            Rotation::Rotated { user_id, family_id } => (user_id, family_id),
            Rotation::Reused => {
                tracing::warn!(
                    "a rotated refresh token was presented again: its session family is revoked"
                );
                return Err(Error::Unauthenticated(Unauthenticated::RefreshTokenReused));
            }
            Rotation::Invalid => return Err(invalid()),
        };
        let user = self
            .store
            .users()
            .find_by_id(&user_id)
            .await?
            .ok_or_else(invalid)?;
        if user.disabled_at.is_some() {
            return Err(disabled());
        }
        // The same session: the new access token names it as the old one did.
        Ok(self.session(user, &session_id, new_token))
    }

    /// Signs out the session of the access token and of the refresh token,
    /// whichever are given and known (an expired access token still names
    /// its session). Always succeeds; each session it ends writes a
    /// `user.logout` entry (signing out again writes none).
    pub async fn logout(
        &self,
        access: Option<&AccessClaims>,
        refresh_token: Option<&str>,
    ) -> Result<(), Error> {
        let tx = self.store.begin().await?;
        let mut ended = Vec::new();
        if let Some(claims) = access
            && tx
                .refresh_tokens()
                .revoke_session(&claims.user_id, &claims.session_id)
                .await?
        {
            ended.push((claims.user_id.clone(), claims.session_id.clone()));
        }
        if let Some(token) = refresh_token.map(str::trim).filter(|t| !t.is_empty())
            && let Some(token) = tx
                .refresh_tokens()
                .revoke(&tokens::hash_token(token))
                .await?
        {
            ended.push((token.user_id, token.family_id));
        }
        for (user_id, session_id) in ended {
            let Some(user) = tx.users().find_by_id(&user_id).await? else {
                continue;
            };
            let entry = session_change(AuditAction::UserLogout, &user_id, &session_id);
            audit::record(&tx, &crate::access::actor(&user), entry).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Uses a verification link: the address is proven.
    pub async fn verify_email(&self, token: &str) -> Result<User, Error> {
        let tx = self.store.begin().await?;
        let user_id = tx
            .one_time_tokens()
            .consume(
                &tokens::hash_token(token.trim()),
                TokenPurpose::EmailVerification,
            )
            .await?
            .ok_or_else(invalid_link)?;
        let before = tx
            .users()
            .find_by_id(&user_id)
            .await?
            .ok_or_else(invalid_link)?;
        let user = tx.users().mark_email_verified(&user_id).await?;
        // Whoever holds the link acts for the account it was mailed to.
        let entry =
            change(AuditAction::UserEmailVerify, &user).diff(&profile(&before), &profile(&user));
        audit::record(&tx, &crate::access::actor(&user), entry).await?;
        tx.commit().await?;
        Ok(user)
    }

    pub async fn resend_verification(
        &self,
        user: &User,
        actor: &Actor,
        client: &Client,
    ) -> Result<(), Error> {
        self.limiter
            .check(&format!("verify-email:{}", user.id), self.per_email)?;
        self.limit_ip(client)?;
        let tx = self.store.begin().await?;
        // Read again, locked: the link goes to the address the account has
        // now, never to one an email change has just replaced.
        let user = tx
            .users()
            .find_by_id_locked(&user.id)
            .await?
            .ok_or_else(|| Error::Unauthenticated(Unauthenticated::TokenInvalid))?;
        if user.email_verified_at.is_some() {
            return Err(Error::Conflict(Conflict::AlreadyVerified));
        }
        self.send_verification(&tx, &user).await?;
        let entry = change(AuditAction::UserVerificationResend, &user).field("email", &user.email);
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn forgot_password(&self, email: &str, client: &Client) -> Result<(), Error> {
        self.limit_ip(client)?;
        let mut problems = Problems::default();
        let email = problems.check("email", Email::parse(email));
        problems.finish()?;
        let Some(email) = email else { return Ok(()) };
        self.limiter
            .check(&format!("forgot-email:{email}"), self.per_email)?;
        // The same work for every address, known or not: one job, which
        // looks the address up and mails a link if it is an account's (and
        // only then writes the audit entry). So neither the answer nor the
        // time it takes tells whether an account exists.
        self.jobs
            .enqueue(NewJob::now(
                PASSWORD_RESET,
                // Where the request came from, for the audit entry the job writes.
                serde_json::json!({ "email": email.as_str(), "origin": audit::origin() }),
                PASSWORD_RESET_ATTEMPTS,
            ))
            .await?;
        Ok(())
    }

    /// Uses a reset link: sets the password, proves the address, signs every
    /// session out and tells the owner, in one transaction.
    pub async fn reset_password(&self, token: &str, new_password: &str) -> Result<(), Error> {
        let mut problems = Problems::default();
        let password = problems.check("newPassword", Password::parse(new_password));
        if token.trim().is_empty() {
            problems.add("token", messages::REQUIRED);
        }
        problems.finish()?;
        let Some(password) = password else {
            return Ok(());
        };
        let hash = self.hasher.hash(password).await?;
        let tx = self.store.begin().await?;
        let user_id = tx
            .one_time_tokens()
            .consume(
                &tokens::hash_token(token.trim()),
                TokenPurpose::PasswordReset,
            )
            .await?
            .ok_or_else(invalid_link)?;
        let before = tx
            .users()
            .find_by_id(&user_id)
            .await?
            .ok_or_else(invalid_link)?;
        tx.users()
            .update_profile(
                &user_id,
                ProfileChanges {
                    password_hash: Some(hash),
                    ..ProfileChanges::default()
                },
            )
            .await?;
        // The link reached this inbox, which proves the address.
        let user = tx.users().mark_email_verified(&user_id).await?;
        tx.refresh_tokens().revoke_all_for_user(&user_id).await?;
        let message = MailMessage::PasswordWasReset {
            name: greeting_name(&user),
            reset_link: self.mailer.link("/forgot-password"),
        };
        self.send(&tx, &user, message).await?;
        // Whoever holds the link acts for the account it was mailed to.
        let entry =
            change(AuditAction::UserPasswordReset, &user).diff(&profile(&before), &profile(&user));
        let entry = with_password_change(entry, &before, &user);
        audit::record(&tx, &crate::access::actor(&user), entry).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Applies a profile update. Returns the new session when the password
    /// changed (every other session is then signed out).
    pub async fn update_profile(
        &self,
        user: User,
        actor: &Actor,
        update: ProfileUpdate,
        client: Client,
    ) -> Result<(User, Option<Session>), Error> {
        // Names and language are anyone's to change; the address and the
        // password only from a signed-in session, never with an API key.
        if update.email.is_some()
            || update
                .new_password
                .as_deref()
                .is_some_and(|p| !p.is_empty())
        {
            crate::access::credentials(actor)?;
        }
        let mut problems = Problems::default();
        let first_name = update
            .first_name
            .as_deref()
            .and_then(|n| problems.check("firstName", PersonName::parse(n)));
        let last_name = update
            .last_name
            .as_deref()
            .and_then(|n| problems.check("lastName", PersonName::parse_optional(n)));
        let email = update
            .email
            .as_deref()
            .and_then(|e| problems.check("email", Email::parse(e)))
            .filter(|e| e.as_str() != user.email);
        let new_password = update
            .new_password
            .as_deref()
            .filter(|p| !p.is_empty())
            .and_then(|p| problems.check("newPassword", Password::parse(p)));
        let language = update
            .language
            .as_deref()
            .and_then(|code| problems.check("language", Language::parse(code)));
        let needs_current = email.is_some()
            || update
                .new_password
                .as_deref()
                .is_some_and(|p| !p.is_empty());
        let current = update.current_password.unwrap_or_default();
        if needs_current && current.is_empty() {
            problems.add("currentPassword", messages::REQUIRED);
        }
        problems.finish()?;
        if needs_current
            && !self
                .hasher
                .verify(current, Some(user.password_hash.clone()))
                .await?
        {
            return Err(Error::invalid(
                "currentPassword",
                "Current password is incorrect",
            ));
        }

        let password_hash = match new_password {
            Some(p) => Some(self.hasher.hash(p).await?),
            None => None,
        };
        let password_changed = password_hash.is_some();
        let old_email = user.email.clone();
        let changes = ProfileChanges {
            first_name: first_name.map(PersonName::into_string),
            last_name: last_name.map(PersonName::into_string),
            email: email.clone(),
            password_hash,
            language,
        };
        let tx = self.store.begin().await?;
        let updated = tx
            .users()
            .update_profile(&user.id, changes)
            .await
            .map_err(|e| match e {
                StoreError::Conflict(Conflict::EmailTaken) => {
                    Error::invalid("email", Conflict::EmailTaken.message())
                }
                other => other.into(),
            })?;
        if email.is_some() {
            // The new address is unverified (the store clears the mark) until
            // its own link is opened. A reset link mailed to the old address
            // would prove it (a reset marks the address verified), so those go.
            tx.one_time_tokens()
                .void_unused(&updated.id, TokenPurpose::PasswordReset)
                .await?;
            self.send_verification(&tx, &updated).await?;
            let message = MailMessage::EmailChanged {
                name: greeting_name(&updated),
                old_email: old_email.clone(),
                new_email: updated.email.clone(),
            };
            self.mailer
                .send_in(
                    &tx,
                    Outgoing {
                        user_id: Some(updated.id.clone()),
                        to: old_email,
                        language: updated.language,
                        message,
                    },
                )
                .await?;
        }
        let mut entry = change(AuditAction::UserProfileUpdate, &updated)
            .diff(&profile(&user), &profile(&updated));
        if password_changed {
            entry = with_password_change(entry, &user, &updated);
        }
        audit::record(&tx, actor, entry).await?;
        let session = if password_changed {
            tx.refresh_tokens().revoke_all_for_user(&updated.id).await?;
            let message = MailMessage::PasswordChanged {
                name: greeting_name(&updated),
                reset_link: self.mailer.link("/forgot-password"),
            };
            self.send(&tx, &updated, message).await?;
            Some(self.open_session(&tx, updated.clone(), &client).await?)
        } else {
            None
        };
        tx.commit().await?;
        Ok((updated, session))
    }

    /// Deletes the account and everything it owns, after checking the
    /// password; the teams it alone owns are handed to the next in line in
    /// the same transaction.
    pub async fn delete_account(
        &self,
        user: User,
        actor: &Actor,
        password: &str,
    ) -> Result<(), Error> {
        crate::access::credentials(actor)?;
        if password.is_empty() {
            return Err(Error::invalid("password", messages::REQUIRED));
        }
        if !self
            .hasher
            .verify(password.to_owned(), Some(user.password_hash.clone()))
            .await?
        {
            return Err(Error::invalid("password", "Password is incorrect"));
        }
        let tx = self.store.begin().await?;
        crate::teams::service::hand_over(&tx, &user.id).await?;
        // Written while the account exists (the entry names it by its
        // address); entries have no foreign keys, so it outlives it.
        let entry = change(AuditAction::UserDelete, &user).deleted(&profile(&user));
        audit::record(&tx, actor, entry).await?;
        tx.users().delete(&user.id).await?;
        tx.commit().await?;
        tracing::info!(user_id = %user.id, "account deleted");
        Ok(())
    }

    /// Starts a session: a new family of refresh tokens, whose id the
    /// access tokens carry.
    async fn open_session(&self, tx: &Tx, user: User, client: &Client) -> Result<Session, Error> {
        let (refresh_token, hash) = tokens::opaque_token();
        let session_id = uuid::Uuid::now_v7().to_string();
        tx.refresh_tokens()
            .create(NewRefreshToken {
                user_id: user.id.clone(),
                family_id: session_id.clone(),
                token_hash: hash,
                expires_at: Utc::now() + REFRESH_TOKEN_TTL,
                user_agent: client.user_agent.clone(),
                ip: Some(client.ip.to_string()),
            })
            .await?;
        Ok(self.session(user, &session_id, refresh_token))
    }

    fn session(&self, user: User, session_id: &str, refresh_token: String) -> Session {
        Session {
            id: session_id.to_owned(),
            token: self.tokens.issue(&user.id, session_id),
            refresh_token,
            expires_in: ACCESS_TOKEN_TTL.num_seconds(),
            user,
            device_cookie: None,
        }
    }

    async fn send_verification(&self, tx: &Tx, user: &User) -> Result<(), Error> {
        let token = issue_one_time_token(
            tx,
            user,
            TokenPurpose::EmailVerification,
            VERIFICATION_TOKEN_TTL,
        )
        .await?;
        let message = MailMessage::EmailVerification {
            name: greeting_name(user),
            link: self.mailer.link(&format!("/verify-email?token={token}")),
        };
        self.send(tx, user, message).await
    }

    /// Mails `message` to the user's address, in their language.
    async fn send(&self, tx: &Tx, user: &User, message: MailMessage) -> Result<(), Error> {
        self.mailer
            .send_in(tx, Outgoing::to_user(user, message))
            .await?;
        Ok(())
    }
}

/// The job that answers a forgot-password request: mails a reset link to
/// the address when it is an enabled account's, and does nothing otherwise.
pub const PASSWORD_RESET: &str = "accounts.password_reset";
const PASSWORD_RESET_ATTEMPTS: u32 = 3;

/// Runs [`PASSWORD_RESET`] jobs.
pub struct PasswordResets {
    pub store: Store,
    pub mailer: Mailer,
}

#[async_trait::async_trait]
impl JobHandler for PasswordResets {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let email = job
            .payload
            .get("email")
            .and_then(serde_json::Value::as_str)
            .and_then(|email| Email::parse(email).ok())
            .ok_or_else(|| JobFailure::Permanent("the job names no address".to_owned()))?;
        let origin = job
            .payload
            .get("origin")
            .and_then(|o| serde_json::from_value::<audit::Origin>(o.clone()).ok());
        audit::within(
            origin,
            mail_password_reset(&self.store, &self.mailer, &email),
        )
        .await
        .map_err(|e| JobFailure::Retry(e.to_string()))
    }
}

/// Mails a reset link to `email` if it is an enabled account's.
async fn mail_password_reset(store: &Store, mailer: &Mailer, email: &Email) -> Result<(), Error> {
    let Some(user) = store.users().find_by_email(email).await? else {
        return Ok(());
    };
    if user.disabled_at.is_some() {
        return Ok(());
    }
    let tx = store.begin().await?;
    // A reset proves the address it was mailed to (see reset_password),
    // so it must go to the account's address as it stands: read again,
    // locked against an email change until this link is stored.
    let Some(user) = tx
        .users()
        .find_by_id_locked(&user.id)
        .await?
        .filter(|u| u.email == email.as_str())
    else {
        return Ok(());
    };
    let token =
        issue_one_time_token(&tx, &user, TokenPurpose::PasswordReset, RESET_TOKEN_TTL).await?;
    let message = MailMessage::PasswordReset {
        name: greeting_name(&user),
        link: mailer.link(&format!("/reset-password?token={token}")),
    };
    mailer
        .send_in(&tx, Outgoing::to_user(&user, message))
        .await?;
    // Whoever asked is unknown (anyone may ask for any address); and the
    // job runs outside their request, so the entry has no address of theirs.
    let entry = change(AuditAction::UserPasswordResetRequest, &user);
    audit::record(&tx, &Actor::Anonymous, entry).await?;
    tx.commit().await?;
    Ok(())
}

/// The address of a stored account, as the type it was stored from.
fn email_of(user: &User) -> Result<Email, Error> {
    Email::parse(&user.email).map_err(|_| Error::internal("a stored email does not parse"))
}

/// A new single-use token of `purpose` for the user, voiding their unused
/// ones of the same purpose; only its hash is stored.
async fn issue_one_time_token(
    tx: &Tx,
    user: &User,
    purpose: TokenPurpose,
    ttl: chrono::Duration,
) -> Result<String, Error> {
    let one_time = tx.one_time_tokens();
    one_time.void_unused(&user.id, purpose).await?;
    let (token, hash) = tokens::opaque_token();
    one_time
        .create(&user.id, purpose, hash, Utc::now() + ttl)
        .await?;
    Ok(token)
}
