//! A decoder for server-sent events, fed bytes as they arrive. Lines may be
//! split anywhere across chunks, UTF-8 characters included.

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field; `message` when absent.
    pub event: String,
    /// The `data:` lines, joined with newlines.
    pub data: String,
}

#[derive(Debug, Default)]
pub struct SseDecoder {
    buffer: Vec<u8>,
    event: Option<String>,
    data: Option<String>,
}

impl SseDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds a chunk; returns the events it completed.
    pub fn push(&mut self, chunk: &[u8]) -> Vec<SseEvent> {
        self.buffer.extend_from_slice(chunk);
        let mut events = Vec::new();
        let mut start = 0;
        while let Some(offset) = self.buffer[start..].iter().position(|b| *b == b'\n') {
            let end = start + offset;
            let mut line = &self.buffer[start..end];
            if line.last() == Some(&b'\r') {
                line = &line[..line.len() - 1];
            }
            let line = String::from_utf8_lossy(line).into_owned();
            if let Some(event) = self.line(&line) {
                events.push(event);
            }
            start = end + 1;
        }
        self.buffer.drain(..start);
        events
    }

    /// The bytes held for the line and the event not yet complete.
    pub fn pending(&self) -> usize {
        self.buffer.len() + self.data.as_ref().map_or(0, String::len)
    }

    /// Whatever event the stream ended in the middle of.
    pub fn finish(&mut self) -> Option<SseEvent> {
        let rest = std::mem::take(&mut self.buffer);
        if !rest.is_empty() {
            let line = String::from_utf8_lossy(&rest).into_owned();
            if let Some(event) = self.line(line.trim_end_matches('\r')) {
                return Some(event);
            }
        }
        self.dispatch()
    }

    fn line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            return self.dispatch();
        }
        if line.starts_with(':') {
            return None;
        }
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line, ""),
        };
        match field {
            "event" => self.event = Some(value.to_owned()),
            "data" => match &mut self.data {
                Some(data) => {
                    data.push('\n');
                    data.push_str(value);
                }
                None => self.data = Some(value.to_owned()),
            },
            _ => {}
        }
        None
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        let event = self.event.take();
        let data = self.data.take()?;
        Some(SseEvent {
            event: event.unwrap_or_else(|| "message".to_owned()),
            data,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_split_anywhere_are_reassembled() {
        let text = "event: delta\ndata: {\"text\":\"h\u{e9}\"}\r\n\r\n: comment\ndata: a\ndata: b\n\ndata: [DONE]\n\n";
        for split in 0..text.len() {
            let (a, b) = text.as_bytes().split_at(split);
            let mut decoder = SseDecoder::new();
            let mut events = decoder.push(a);
            events.extend(decoder.push(b));
            assert_eq!(
                events,
                vec![
                    SseEvent {
                        event: "delta".into(),
                        data: "{\"text\":\"h\u{e9}\"}".into()
                    },
                    SseEvent {
                        event: "message".into(),
                        data: "a\nb".into()
                    },
                    SseEvent {
                        event: "message".into(),
                        data: "[DONE]".into()
                    },
                ],
                "split at {split}"
            );
        }
    }

    #[test]
    fn an_unterminated_last_event_is_kept() {
        let mut decoder = SseDecoder::new();
        assert!(decoder.push(b"data: tail").is_empty());
        assert_eq!(decoder.finish().map(|e| e.data), Some("tail".into()));
    }
}
