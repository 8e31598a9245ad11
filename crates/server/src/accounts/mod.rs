//! User accounts. The HTTP routes arrive with the accounts feature; the
//! command line already needs `create-admin`.

pub mod password;

use agentforge_domain::{Email, ParseError, Password, Role};
use agentforge_store::{NewUser, Store, User};

/// What `create_admin` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminOutcome {
    Created,
    /// The address already had an account: it is now an admin with the new password.
    Promoted,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateAdminError {
    #[error("--email: {0}")]
    Email(ParseError),
    #[error("--password: {0}")]
    Password(ParseError),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Creates an admin account, or makes the existing account with that email
/// an admin (with the given password, re-enabled). For operators who have
/// lost access to every admin account.
pub async fn create_admin(
    store: &Store,
    email: &str,
    password: &str,
) -> Result<(User, AdminOutcome), CreateAdminError> {
    let email = Email::parse(email).map_err(CreateAdminError::Email)?;
    let password = Password::parse(password).map_err(CreateAdminError::Password)?;
    let hash = password::hash(&password).map_err(anyhow::Error::from)?;
    let users = store.users();
    if let Some(existing) = users
        .find_by_email(&email)
        .await
        .map_err(anyhow::Error::from)?
    {
        let user = users
            .promote_to_admin(&existing.id, hash)
            .await
            .map_err(anyhow::Error::from)?;
        return Ok((user, AdminOutcome::Promoted));
    }
    let new = NewUser {
        email,
        password_hash: hash,
        first_name: String::new(),
        last_name: String::new(),
        role: Role::Admin,
        email_verified: true,
    };
    let user = users.create(new).await.map_err(anyhow::Error::from)?;
    Ok((user, AdminOutcome::Created))
}
