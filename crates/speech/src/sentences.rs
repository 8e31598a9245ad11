//! Cuts an answer that arrives in pieces into sentences as soon as each is
//! complete, so the first can be spoken while the model is still writing
//! the rest. Sentence boundaries are Unicode's (UAX #29, through
//! `unicode-segmentation`), which knows the full stops of every script we
//! speak (`.`, `。`, `！`, `؟` …); a sentence is complete once text follows
//! its boundary. Overlong runs without a boundary are cut at a clause or a
//! space, so one sentence never holds speech back for long.

use unicode_segmentation::UnicodeSegmentation;

/// The longest piece sent to be spoken: about fifteen seconds of speech.
pub const PIECE_MAX_CHARS: usize = 240;
/// Pieces shorter than this wait for the next sentence ("OK." alone makes
/// a choppy, expensive request), except the first, which goes at once.
const PIECE_MIN_CHARS: usize = 24;

/// Collects pieces of text; hands out whole sentences.
#[derive(Debug, Default)]
pub struct Sentences {
    buffer: String,
    /// Whether a piece was handed out yet.
    started: bool,
}

impl Sentences {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `delta`; returns the pieces now complete, in order.
    pub fn push(&mut self, delta: &str) -> Vec<String> {
        self.buffer.push_str(delta);
        let mut out = Vec::new();
        while let Some(end) = self.complete_end() {
            let piece: String = self.buffer.drain(..end).collect();
            let piece = piece.trim();
            if !piece.is_empty() {
                out.push(piece.to_owned());
                self.started = true;
            }
        }
        out
    }

    /// What is left at the end of the answer.
    pub fn finish(&mut self) -> Option<String> {
        let rest = std::mem::take(&mut self.buffer);
        let rest = rest.trim();
        (!rest.is_empty()).then(|| rest.to_owned())
    }

    /// The byte length of the buffer's next complete piece, if it has one.
    fn complete_end(&self) -> Option<usize> {
        let bounds: Vec<(usize, &str)> = self.buffer.split_sentence_bound_indices().collect();
        // The last bound is the end of the text so far, which is not a
        // sentence end until more text follows it.
        for (start, sentence) in bounds.iter().take(bounds.len().saturating_sub(1)) {
            let end = start + sentence.len();
            let long_enough = self.buffer[..end].trim().chars().count() >= PIECE_MIN_CHARS;
            if !self.started || long_enough {
                return Some(end);
            }
        }
        // No boundary: cut an overlong run at its last clause mark or space.
        if self.buffer.chars().count() > PIECE_MAX_CHARS {
            let head: usize = self
                .buffer
                .char_indices()
                .nth(PIECE_MAX_CHARS)
                .map_or(self.buffer.len(), |(i, _)| i);
            let window = &self.buffer[..head];
            let cut = window
                .rfind([',', ';', ':', '，', '、', '；'])
                .map(|i| i + window[i..].chars().next().map_or(1, char::len_utf8))
                .or_else(|| window.rfind(char::is_whitespace))
                .filter(|&i| i > 0)
                .unwrap_or(head);
            return Some(cut);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(deltas: &[&str]) -> Vec<String> {
        let mut s = Sentences::new();
        let mut out: Vec<String> = deltas.iter().flat_map(|d| s.push(d)).collect();
        out.extend(s.finish());
        out
    }

    #[test]
    fn a_sentence_goes_out_once_text_follows_it() {
        let mut s = Sentences::new();
        assert!(s.push("Hello there").is_empty());
        assert!(
            s.push(".").is_empty(),
            "could still be an abbreviation or a number"
        );
        assert_eq!(s.push(" How"), vec!["Hello there."]);
        assert!(s.push(" can I help you today? I kn").len() == 1);
        assert_eq!(s.finish().as_deref(), Some("I kn"));
    }

    #[test]
    fn short_sentences_after_the_first_wait_for_company() {
        assert_eq!(
            pieces(&[
                "Sure. ",
                "OK. ",
                "Yes. ",
                "That is all there is to say about it. ",
                "Bye."
            ]),
            vec![
                "Sure.",
                "OK. Yes. That is all there is to say about it.",
                "Bye."
            ]
        );
    }

    #[test]
    fn every_script_has_its_full_stops() {
        assert_eq!(
            pieces(&["你好。", "我能帮你什么？", "谢谢"]),
            vec!["你好。", "我能帮你什么？谢谢"]
        );
        assert_eq!(
            pieces(&["مرحبا! ", "كيف يمكنني مساعدتك اليوم يا صديقي؟ ", "شكرا"]),
            vec!["مرحبا!", "كيف يمكنني مساعدتك اليوم يا صديقي؟", "شكرا"]
        );
    }

    #[test]
    fn numbers_are_not_cut_at_their_point() {
        assert_eq!(
            pieces(&["It costs 3", ".50 dollars. ", "Fine"]),
            vec!["It costs 3.50 dollars.", "Fine"]
        );
    }

    #[test]
    fn runs_without_an_end_are_cut_at_a_clause_or_a_space() {
        let run = "word, ".repeat(60);
        let out = pieces(&[&run]);
        assert!(out.len() > 1, "{out:?}");
        assert!(
            out.iter().all(|p| p.chars().count() <= PIECE_MAX_CHARS),
            "{out:?}"
        );
        assert_eq!(
            out.concat().replace(' ', ""),
            run.replace(' ', "").trim_end_matches(',').to_owned() + ","
        );
        let unbroken = "x".repeat(PIECE_MAX_CHARS * 2 + 5);
        let out = pieces(&[&unbroken]);
        assert_eq!(out.len(), 3);
        assert_eq!(out.concat(), unbroken);
    }
}
