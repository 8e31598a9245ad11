//! The master key: from configuration, or generated once into the data dir.

use std::io::Write;
use std::path::Path;

use crate::config::{Config, Secret};

const KEY_FILE: &str = "secret.key";

/// Key material for signing tokens and encrypting secrets at rest.
#[derive(Debug, Clone)]
pub struct SecretKey(Secret<Vec<u8>>);

impl SecretKey {
    pub fn bytes(&self) -> &[u8] {
        self.0.expose()
    }

    /// A key for one purpose, derived from the master key, so that no two
    /// uses (signing tokens, encrypting secrets …) share key material.
    pub fn derive(&self, purpose: &str) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut hasher = Sha256::new();
        hasher.update(b"agentforge key derivation v1\0");
        hasher.update(purpose.as_bytes());
        hasher.update([0]);
        hasher.update(self.bytes());
        hasher.finalize().into()
    }

    /// A sealer (encryption at rest) for one purpose, under a key derived
    /// for it alone.
    pub fn sealer(&self, purpose: &'static str) -> agentforge_runtime::sealed::Sealer {
        agentforge_runtime::sealed::Sealer::new(self.derive(&format!("seal:{purpose}")), purpose)
    }

    /// Uses `secret_key` from the configuration, else `<data_dir>/secret.key`,
    /// creating that file (once, with a warning) when it does not exist.
    pub fn load_or_create(config: &Config) -> anyhow::Result<Self> {
        if let Some(key) = &config.secret_key {
            return Ok(Self(Secret::new(key.expose().as_bytes().to_vec())));
        }
        let path = config.data_dir.join(KEY_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let key = text.trim();
                anyhow::ensure!(
                    key.len() >= 32,
                    "{} is shorter than 32 characters; restore it from a backup",
                    path.display()
                );
                Ok(Self(Secret::new(key.as_bytes().to_vec())))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = generate(&path)?;
                tracing::warn!(
                    path = %path.display(),
                    "AGENTFORGE_SECRET_KEY is not set: generated a secret key into the data dir. \
                     Back it up with the database; losing it signs everyone out and makes stored secrets unreadable."
                );
                Ok(Self(Secret::new(key.into_bytes())))
            }
            Err(e) => Err(anyhow::anyhow!("cannot read {}: {e}", path.display())),
        }
    }
}

fn generate(path: &Path) -> anyhow::Result<String> {
    let bytes: [u8; 32] = rand::random();
    let key = hex::encode(bytes);
    let mut options = std::fs::OpenOptions::new();
    // create_new: two processes starting at once never overwrite each other's key.
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            writeln!(file, "{key}")?;
            file.sync_all()?;
            Ok(key)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Ok(std::fs::read_to_string(path)?.trim().to_owned())
        }
        Err(e) => Err(anyhow::anyhow!("cannot create {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_once_and_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let env = vec![(
            "AGENTFORGE_DATA_DIR".to_owned(),
            dir.path().display().to_string(),
        )];
        let (config, _) = Config::load(None, env).unwrap();
        let first = SecretKey::load_or_create(&config).unwrap();
        let second = SecretKey::load_or_create(&config).unwrap();
        assert_eq!(first.bytes(), second.bytes());
        assert_eq!(first.bytes().len(), 64);
    }
}
