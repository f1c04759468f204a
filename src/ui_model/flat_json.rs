//! Just enough JSON for the small records every page keeps in localStorage — the
//! preferences (a flat object of names, booleans and nulls) and a seed's results (an
//! array of codes) — read and written by hand. serde_json's code would cost each page
//! several KB of gzip; only the save envelope (main and rummy pages) still needs it.
//! Reading is forgiving: a value it cannot use (a number, a nested object, a string with
//! escapes) is reported as [`Value::Other`] and the caller keeps its default.

/// A top-level value of a flat object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// A string without escapes (names and codes never need them).
    Str(&'a str),
    Bool(bool),
    Null,
    /// Anything else: well-formed, but not a value these records use.
    Other,
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
    }

    /// The next character after white space, without taking it.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.at += 1)
    }

    fn word(&mut self, w: &str) -> Option<()> {
        self.skip_space();
        self.text[self.at..].starts_with(w).then(|| self.at += w.len())
    }

    /// A string's raw contents (escapes left as written) and whether it has any.
    fn string(&mut self) -> Option<(&'a str, bool)> {
        self.eat(b'"')?;
        let start = self.at;
        let bytes = self.text.as_bytes();
        let mut escaped = false;
        loop {
            match *bytes.get(self.at)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.at += 2;
                }
                c if c < 0x20 => return None,
                _ => self.at += 1,
            }
        }
        let s = self.text.get(start..self.at)?;
        self.at += 1;
        Some((s, escaped))
    }

    fn value(&mut self, depth: usize) -> Option<Value<'a>> {
        if depth > 32 {
            return None;
        }
        Some(match self.peek()? {
            b'"' => match self.string()? {
                (s, false) => Value::Str(s),
                (_, true) => Value::Other,
            },
            b't' => self.word("true").map(|_| Value::Bool(true))?,
            b'f' => self.word("false").map(|_| Value::Bool(false))?,
            b'n' => self.word("null").map(|_| Value::Null)?,
            b'[' => {
                self.items(b']', |r| r.value(depth + 1).map(|_| ()))?;
                Value::Other
            }
            b'{' => {
                self.items(b'}', |r| {
                    r.string()?;
                    r.eat(b':')?;
                    r.value(depth + 1).map(|_| ())
                })?;
                Value::Other
            }
            _ => {
                // A number, skipped: the characters numbers are written with, starting
                // with a digit or a minus and ending with a digit. (Not the standard float
                // parser: its tables would cost every page kilobytes for a value unused.)
                self.skip_space();
                let rest = &self.text[self.at..];
                let len = rest.find(|c: char| !matches!(c, '0'..='9' | '-' | '+' | '.' | 'e' | 'E')).unwrap_or(rest.len());
                let n = &rest.as_bytes()[..len];
                let starts = n.first().is_some_and(|c| c.is_ascii_digit() || *c == b'-');
                if !starts || !n.last().is_some_and(u8::is_ascii_digit) {
                    return None;
                }
                self.at += len;
                Value::Other
            }
        })
    }

    /// The items of an array or object after its opening bracket, up to `close`.
    fn items(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.at += 1;
        if self.eat(close).is_some() {
            return Some(());
        }
        loop {
            item(self)?;
            if self.eat(b',').is_none() {
                return self.eat(close);
            }
        }
    }

    fn end(&mut self) -> Option<()> {
        self.skip_space();
        (self.at == self.text.len()).then_some(())
    }
}

/// The fields of a JSON object, in order; `None` unless `text` is one well-formed object.
pub fn object(text: &str) -> Option<Vec<(&str, Value<'_>)>> {
    let mut r = Reader { text, at: 0 };
    if r.peek()? != b'{' {
        return None;
    }
    let mut fields = Vec::new();
    r.items(b'}', |r| {
        let (key, _) = r.string()?;
        r.eat(b':')?;
        let v = r.value(1)?;
        fields.push((key, v));
        Some(())
    })?;
    r.end()?;
    Some(fields)
}

/// A JSON array of strings; `None` unless `text` is exactly that (without escapes).
pub fn strings(text: &str) -> Option<Vec<String>> {
    let mut r = Reader { text, at: 0 };
    if r.peek()? != b'[' {
        return None;
    }
    let mut out = Vec::new();
    r.items(b']', |r| match r.value(1)? {
        Value::Str(s) => {
            out.push(s.to_string());
            Some(())
        }
        _ => None,
    })?;
    r.end()?;
    Some(out)
}

/// Writes `s` as a JSON string.
fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A flat JSON object of these fields, in this order.
pub fn write_object(fields: &[(&str, Value<'_>)]) -> String {
    let mut out = String::from("{");
    for (i, (key, v)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_string(&mut out, key);
        out.push(':');
        match v {
            Value::Str(s) => push_string(&mut out, s),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Null | Value::Other => out.push_str("null"),
        }
    }
    out.push('}');
    out
}

/// A JSON array of strings.
pub fn write_strings(items: &[String]) -> String {
    let mut out = String::from("[");
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_string(&mut out, s);
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flat_objects_and_skips_what_it_does_not_use() {
        let f = object(r#" { "a" : "x", "b":true,"c":false, "d":null, "e": 12.5e3, "f": {"g": [1, {"h": "i"}]}, "j": "es\"c" } "#).unwrap();
        assert_eq!(
            f,
            vec![
                ("a", Value::Str("x")),
                ("b", Value::Bool(true)),
                ("c", Value::Bool(false)),
                ("d", Value::Null),
                ("e", Value::Other),
                ("f", Value::Other),
                ("j", Value::Other),
            ]
        );
        assert_eq!(object("{}"), Some(vec![]));
    }

    #[test]
    fn refuses_what_is_not_one_well_formed_object() {
        for bad in ["", "{", "{not json", "[]", "{\"a\":}", "{\"a\":1,}", "{\"a\":1} x", "{\"a\" 1}", "{\"a\":tru}", "{\"a\":\"x}", "{\"a\":-}"] {
            assert_eq!(object(bad), None, "{bad}");
        }
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(100), "]".repeat(100));
        assert_eq!(object(&deep), None, "nesting is bounded");
    }

    #[test]
    fn string_arrays_round_trip_and_match_serde_json() {
        let items = vec!["AbC-12_x".to_string(), String::new(), "with \"quote\" and \\".to_string()];
        let text = write_strings(&items);
        assert_eq!(text, serde_json::to_string(&items).unwrap());
        // Escaped strings are not read back (codes never have them).
        assert_eq!(strings(&text), None);
        let plain = vec!["a".to_string(), "b2".to_string()];
        assert_eq!(strings(&write_strings(&plain)), Some(plain.clone()));
        assert_eq!(strings(&serde_json::to_string(&plain).unwrap()), Some(plain));
        assert_eq!(strings("[]"), Some(vec![]));
        assert_eq!(strings("[1]"), None);
        assert_eq!(strings("[\"a\",]"), None);
    }

    #[test]
    fn objects_it_writes_are_json() {
        let text = write_object(&[("a", Value::Str("x\ny")), ("b", Value::Bool(false)), ("c", Value::Null)]);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v, serde_json::json!({"a": "x\ny", "b": false, "c": null}));
    }
}
