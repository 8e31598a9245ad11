//! Streams fed by a producer through a channel, the producer driven by the
//! stream itself (no task of its own: dropping the stream drops it).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_util::{Stream, StreamExt};

use crate::{EventStream, ProviderError, StreamEvent};

type Item = Result<StreamEvent, ProviderError>;

/// A stream of what `produce` sends; `produce` runs as the stream is polled
/// and stops when the stream is dropped.
pub(crate) fn async_stream<F, Fut>(produce: F) -> EventStream
where
    F: FnOnce(Sender) -> Fut + Send + 'static,
    Fut: Future<Output = Result<(), Closed>> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    let producer: Pin<Box<dyn Future<Output = ()> + Send>> = Box::pin(async move {
        let _ = produce(Sender(tx)).await;
    });
    Driven {
        producer: Some(producer),
        rx,
    }
    .boxed()
}

struct Driven {
    producer: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
    rx: tokio::sync::mpsc::Receiver<Item>,
}

impl Stream for Driven {
    type Item = Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Item>> {
        // Let the producer make progress (read the network, fill the
        // channel); it wakes us when it can do more.
        if let Some(producer) = self.producer.as_mut()
            && producer.as_mut().poll(cx).is_ready()
        {
            self.producer = None;
        }
        // Once the producer is done its sender is gone: the channel ends
        // after what it sent.
        self.rx.poll_recv(cx)
    }
}

pub(crate) struct Closed;

pub(crate) struct Sender(tokio::sync::mpsc::Sender<Item>);

impl Sender {
    pub(crate) async fn send(&self, item: Item) -> Result<(), Closed> {
        self.0.send(item).await.map_err(|_| Closed)
    }
}
