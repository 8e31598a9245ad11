//! The database check behind `/api/system/health`, coalesced: requests that
//! arrive while a check is in flight wait for that check instead of starting
//! their own. Every answer still reflects a check that was running or started
//! after the request arrived, and a burst of health checks costs one
//! database round trip instead of hundreds.

use std::sync::Mutex;

use agentforge_store::Store;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

type Check = Shared<BoxFuture<'static, Result<(), String>>>;

#[derive(Default)]
pub struct DatabaseProbe {
    in_flight: Mutex<Option<Check>>,
}

impl DatabaseProbe {
    pub async fn check(&self, store: &Store) -> Result<(), String> {
        let check = {
            let mut in_flight = self
                .in_flight
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match in_flight.as_ref() {
                Some(check) => check.clone(),
                None => {
                    let store = store.clone();
                    let check = async move { store.ping().await.map_err(|e| e.to_string()) }
                        .boxed()
                        .shared();
                    *in_flight = Some(check.clone());
                    check
                }
            }
        };
        let outcome = check.clone().await;
        let mut in_flight = self
            .in_flight
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if in_flight
            .as_ref()
            .is_some_and(|current| current.ptr_eq(&check))
        {
            *in_flight = None;
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn concurrent_checks_share_one_and_later_ones_start_afresh() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url, &agentforge_store::StoreOptions::default())
            .await
            .unwrap();
        let probe = DatabaseProbe::default();
        let (a, b) = tokio::join!(probe.check(&store), probe.check(&store));
        assert_eq!((a, b), (Ok(()), Ok(())));
        assert!(
            probe.in_flight.lock().unwrap().is_none(),
            "nothing left in flight"
        );
        store.clone().close().await.unwrap();
        assert!(
            probe.check(&store).await.is_err(),
            "a closed database is noticed on the next check"
        );
    }
}
