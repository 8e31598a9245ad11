//! Splitting text into passages: about [`TARGET`] characters each, cut on
//! paragraph boundaries, else on sentence ends, else on spaces.

/// The size a passage aims for, in characters.
pub const TARGET: usize = 800;

/// The passages of `text`, in order, trimmed, none empty.
pub fn passages(text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    for paragraph in text.split("\n\n") {
        let paragraph = paragraph.trim();
        if paragraph.is_empty() {
            continue;
        }
        if paragraph.chars().count() <= TARGET {
            pieces.push(paragraph.to_owned());
            continue;
        }
        for sentence in paragraph.split_inclusive(['.', '!', '?', '\n']) {
            let sentence = sentence.trim();
            if sentence.chars().count() <= TARGET {
                if !sentence.is_empty() {
                    pieces.push(sentence.to_owned());
                }
                continue;
            }
            pieces.extend(by_words(sentence));
        }
    }
    // Pack small pieces together up to the target.
    let mut passages: Vec<String> = Vec::new();
    let mut current = String::new();
    for piece in pieces {
        let joined = current.chars().count() + piece.chars().count() + 1;
        if !current.is_empty() && joined > TARGET {
            passages.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(&piece);
    }
    if !current.is_empty() {
        passages.push(current);
    }
    passages
}

/// A run of text with no sentence end, cut on spaces (or anywhere, for a
/// run without spaces).
fn by_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        // Cut in pieces of TARGET characters, without copying the word.
        let mut rest = word;
        while !rest.is_empty() {
            let end = rest
                .char_indices()
                .nth(TARGET)
                .map_or(rest.len(), |(i, _)| i);
            let (chunk, tail) = rest.split_at(end);
            rest = tail;
            if !current.is_empty() && current.chars().count() + chunk.chars().count() + 1 > TARGET {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(chunk);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_paragraphs_are_packed_and_long_ones_cut_on_sentences() {
        let text = "Intro.\n\nSecond paragraph.\n\n".to_owned()
            + &"A sentence of some length here. ".repeat(60);
        let passages = passages(&text);
        assert!(passages[0].starts_with("Intro.\nSecond paragraph."));
        assert!(passages.len() > 2);
        for p in &passages {
            assert!(p.chars().count() <= TARGET, "{}", p.len());
            assert!(!p.trim().is_empty());
        }
        let all: String = passages.join(" ");
        assert_eq!(all.matches("A sentence").count(), 60);
    }

    #[test]
    fn text_without_any_break_is_still_cut() {
        let passages = passages(&"x".repeat(2000));
        assert_eq!(passages.len(), 3);
        assert!(passages.iter().all(|p| p.chars().count() <= TARGET));
        let passages = super::passages(&"é".repeat(1700));
        assert_eq!(
            passages
                .iter()
                .map(|p| p.chars().count())
                .collect::<Vec<_>>(),
            [800, 800, 100]
        );
    }
}
