//! Streams fed by a task through a channel.

use futures_util::StreamExt;

use crate::{EventStream, ProviderError, StreamEvent};

/// A stream fed by a task through a channel; the task stops when the stream
/// is dropped.
pub(crate) fn async_stream<F, Fut>(produce: F) -> EventStream
where
    F: FnOnce(Sender) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<(), Closed>> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    let task = tokio::spawn(async move {
        let _ = produce(Sender(tx)).await;
    });
    let guard = AbortOnDrop(task);
    futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        rx.recv().await.map(|item| (item, (rx, guard)))
    })
    .boxed()
}

pub(crate) struct Closed;

pub(crate) struct Sender(tokio::sync::mpsc::Sender<Result<StreamEvent, ProviderError>>);

impl Sender {
    pub(crate) async fn send(
        &self,
        item: Result<StreamEvent, ProviderError>,
    ) -> Result<(), Closed> {
        self.0.send(item).await.map_err(|_| Closed)
    }
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
