//! The one template engine of workflows and conversation flows:
//! [minijinja](https://docs.rs/minijinja) (Jinja2's syntax) over the run's
//! variables. Templates are texts with `{{ … }}` in them; expressions are
//! what goes between the braces (`nodes.fetch.output.status == 200`).
//!
//! Bounded: each render or evaluation has fuel (instructions), a recursion
//! limit and a largest output, so a template cannot loop the server or
//! fill its memory.

use std::sync::LazyLock;

use minijinja::{Environment, UndefinedBehavior};
use serde_json::Value;

/// Instructions a render may take (a `for` over a 100 000 long range runs out).
pub const FUEL: u64 = 200_000;
/// The longest text a render may make.
pub const OUTPUT_MAX_BYTES: usize = 256 * 1024;
/// The longest template or expression.
pub const SOURCE_MAX_CHARS: usize = 20_000;

static ENV: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_fuel(Some(FUEL));
    env.set_recursion_limit(64);
    env.set_undefined_behavior(UndefinedBehavior::Lenient);
    // Nothing is HTML: texts go into messages, URLs and JSON as written.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env
});

fn describe(e: &minijinja::Error) -> String {
    let mut text = e
        .detail()
        .map_or_else(|| e.kind().to_string(), str::to_owned);
    if let Some(line) = e.line() {
        text.push_str(&format!(" (line {line})"));
    }
    text
}

/// Whether `source` is a template that parses; the reason when not.
pub fn check(source: &str) -> Result<(), String> {
    if source.chars().count() > SOURCE_MAX_CHARS {
        return Err(crate::error::messages::too_long(SOURCE_MAX_CHARS));
    }
    ENV.template_from_str(source)
        .map(|_| ())
        .map_err(|e| format!("This template does not parse: {}", describe(&e)))
}

/// Whether `source` is an expression that parses; the reason when not.
pub fn check_expression(source: &str) -> Result<(), String> {
    if source.chars().count() > SOURCE_MAX_CHARS {
        return Err(crate::error::messages::too_long(SOURCE_MAX_CHARS));
    }
    if source.trim().is_empty() {
        return Err(crate::error::messages::REQUIRED.to_owned());
    }
    ENV.compile_expression(source)
        .map(|_| ())
        .map_err(|e| format!("This expression does not parse: {}", describe(&e)))
}

/// Renders `source` over `context` (a JSON object of variables).
pub fn render(source: &str, context: &Value) -> Result<String, String> {
    let template = ENV
        .template_from_str(source)
        .map_err(|e| format!("The template does not parse: {}", describe(&e)))?;
    let out = template
        .render(minijinja::Value::from_serialize(context))
        .map_err(|e| format!("The template failed: {}", describe(&e)))?;
    if out.len() > OUTPUT_MAX_BYTES {
        return Err(format!(
            "The template made more than {} KiB of text",
            OUTPUT_MAX_BYTES / 1024
        ));
    }
    Ok(out)
}

/// Evaluates the expression `source` over `context`, as JSON.
pub fn eval(source: &str, context: &Value) -> Result<Value, String> {
    let expression = ENV
        .compile_expression(source)
        .map_err(|e| format!("The expression does not parse: {}", describe(&e)))?;
    let value = expression
        .eval(minijinja::Value::from_serialize(context))
        .map_err(|e| format!("The expression failed: {}", describe(&e)))?;
    let json = serde_json::to_value(&value)
        .map_err(|e| format!("The expression's value is not data: {e}"))?;
    if json.to_string().len() > OUTPUT_MAX_BYTES {
        return Err(format!(
            "The expression made more than {} KiB of data",
            OUTPUT_MAX_BYTES / 1024
        ));
    }
    Ok(json)
}

/// Whether an expression holds (Jinja's truth: false, 0, "", [], {} and
/// none are false).
pub fn holds(source: &str, context: &Value) -> Result<bool, String> {
    let expression = ENV
        .compile_expression(source)
        .map_err(|e| format!("The expression does not parse: {}", describe(&e)))?;
    expression
        .eval(minijinja::Value::from_serialize(context))
        .map(|v| v.is_true())
        .map_err(|e| format!("The expression failed: {}", describe(&e)))
}

/// The expression of a text that is exactly one `{{ … }}`, if it is.
fn lone_expression(source: &str) -> Option<&str> {
    let inner = source.trim().strip_prefix("{{")?.strip_suffix("}}")?;
    (!inner.contains("{{") && !inner.contains("}}") && !inner.contains("{%")).then_some(inner)
}

/// A value with templates in its texts, made concrete: a text that is
/// exactly one `{{ expression }}` takes the expression's value (a number
/// stays a number, an object an object); other texts are rendered; arrays
/// and objects are walked.
pub fn fill(value: &Value, context: &Value) -> Result<Value, String> {
    Ok(match value {
        Value::String(text) => match lone_expression(text) {
            Some(expression) => eval(expression, context)?,
            None if text.contains("{{") || text.contains("{%") => {
                Value::String(render(text, context)?)
            }
            None => value.clone(),
        },
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|v| fill(v, context))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| Ok((k.clone(), fill(v, context)?)))
                .collect::<Result<_, String>>()?,
        ),
        other => other.clone(),
    })
}

/// Checks every text inside a value as a template.
pub fn check_value(value: &Value) -> Result<(), String> {
    match value {
        Value::String(text) => check(text),
        Value::Array(items) => items.iter().try_for_each(check_value),
        Value::Object(map) => map.values().try_for_each(check_value),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renders_and_evaluates_over_the_variables() {
        let ctx = json!({"input": {"name": "Ada", "n": 3}, "nodes": {"fetch": {"output": {"status": 200}}}});
        assert_eq!(render("Hi {{ input.name }}!", &ctx).unwrap(), "Hi Ada!");
        assert!(holds("nodes.fetch.output.status == 200", &ctx).unwrap());
        assert!(!holds("input.n > 5", &ctx).unwrap());
        assert_eq!(eval("input.n * 2", &ctx).unwrap(), json!(6));
        // A lone expression keeps its type; a text around it is a text.
        assert_eq!(
            fill(
                &json!({"a": "{{ input.n }}", "b": "n={{ input.n }}", "c": [true]}),
                &ctx
            )
            .unwrap(),
            json!({"a": 3, "b": "n=3", "c": [true]})
        );
        // No HTML escaping: texts go where they are written.
        assert_eq!(render("{{ '<b>' }}", &ctx).unwrap(), "<b>");
    }

    #[test]
    fn bad_templates_are_named_and_runaway_ones_stop() {
        assert!(
            check("{{ input.name ")
                .unwrap_err()
                .contains("does not parse")
        );
        assert!(check_expression("a ==").is_err());
        assert!(check_expression(" ").is_err());
        let ctx = json!({});
        let spin =
            "{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}";
        assert!(render(spin, &ctx).is_err());
        let big = "{% for i in range(90000) %}{{ 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' }}{% endfor %}";
        assert!(render(big, &ctx).is_err());
        let deep = "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}";
        assert!(render(deep, &ctx).is_err());
    }
}
