//! Reading a person's answer to a question as the type the question asks
//! for, or why it is not one.

string_enum!(
    /// What a question captures.
    AnswerType {
        Text = "text",
        Number = "number",
        Email = "email",
        Phone = "phone",
        /// One of the question's options (by its label, or its position).
        Choice = "choice",
    }
);

/// The longest text answer kept.
pub const TEXT_MAX: usize = 2000;

/// The answer as the variable's value, or why it is not one.
pub fn read_answer(
    kind: AnswerType,
    answer: &str,
    options: &[String],
) -> Result<serde_json::Value, &'static str> {
    let answer = answer.trim();
    if answer.is_empty() {
        return Err("Please answer the question");
    }
    match kind {
        AnswerType::Text => Ok(serde_json::Value::String(
            answer.chars().take(TEXT_MAX).collect(),
        )),
        AnswerType::Number => {
            let cleaned: String = answer
                .chars()
                .filter(|c| !c.is_whitespace() && *c != ',' && *c != '_')
                .collect();
            cleaned
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .and_then(serde_json::Number::from_f64)
                .map(|n| match n.as_f64() {
                    Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
                        serde_json::Value::from(f as i64)
                    }
                    _ => serde_json::Value::Number(n),
                })
                .ok_or("That is not a number")
        }
        AnswerType::Email => crate::Email::parse(answer)
            .map(|e| serde_json::Value::String(e.as_str().to_owned()))
            .map_err(|_| "That is not an email address"),
        AnswerType::Phone => {
            let digits: String = answer
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '+')
                .collect();
            let plus = digits.starts_with('+');
            let count = digits.chars().filter(char::is_ascii_digit).count();
            if (7..=15).contains(&count) && digits.rfind('+').is_none_or(|i| i == 0) {
                Ok(serde_json::Value::String(if plus {
                    digits
                } else {
                    digits.trim_start_matches('+').to_owned()
                }))
            } else {
                Err("That is not a phone number")
            }
        }
        AnswerType::Choice => {
            let lower = answer.to_lowercase();
            let by_label = options.iter().find(|o| o.trim().to_lowercase() == lower);
            let by_number = answer
                .trim_end_matches('.')
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| options.get(i));
            by_label
                .or(by_number)
                .map(|o| serde_json::Value::String(o.clone()))
                .ok_or("Please choose one of the options")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_are_read_as_their_type() {
        let none: [String; 0] = [];
        assert_eq!(
            read_answer(AnswerType::Text, " Ada ", &none),
            Ok(json!("Ada"))
        );
        assert_eq!(
            read_answer(AnswerType::Number, "1,200", &none),
            Ok(json!(1200))
        );
        assert_eq!(
            read_answer(AnswerType::Number, "2.5", &none),
            Ok(json!(2.5))
        );
        assert!(read_answer(AnswerType::Number, "many", &none).is_err());
        assert!(read_answer(AnswerType::Number, "inf", &none).is_err());
        assert_eq!(
            read_answer(AnswerType::Email, "ada@example.com", &none),
            Ok(json!("ada@example.com"))
        );
        assert!(read_answer(AnswerType::Email, "ada at example", &none).is_err());
        assert_eq!(
            read_answer(AnswerType::Phone, "+1 (415) 555-2671", &none),
            Ok(json!("+14155552671"))
        );
        assert!(read_answer(AnswerType::Phone, "12", &none).is_err());
        assert!(read_answer(AnswerType::Phone, "1+2345678", &none).is_err());
        let options = ["Sales".to_owned(), "Support".to_owned()];
        assert_eq!(
            read_answer(AnswerType::Choice, "support", &options),
            Ok(json!("Support"))
        );
        assert_eq!(
            read_answer(AnswerType::Choice, "1", &options),
            Ok(json!("Sales"))
        );
        assert!(read_answer(AnswerType::Choice, "3", &options).is_err());
        assert!(read_answer(AnswerType::Text, "   ", &none).is_err());
    }
}
