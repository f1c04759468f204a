//! Just enough JSON for the small records the pages keep in localStorage — the
//! preferences, a seed's results (an array of codes) and the save envelope — read and
//! written by hand: serde_json's code would cost every page about 8 KB of gzip.
//! Reading checks that the text is well formed, allocates nothing for values it only
//! passes over (a nested object or array is handed back as its text, to be read in
//! turn), and bounds nesting. Strings with escapes are reported as [`Value::Escaped`]:
//! the names, versions and codes these records hold never need one.

/// A value of an object or array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// A string without escapes.
    Str(&'a str),
    Bool(bool),
    Null,
    /// A number as written (see [`Value::as_u64`]).
    Number(&'a str),
    /// An array's text, brackets included, already checked to be well formed.
    Array(&'a str),
    /// An object's text, braces included, already checked to be well formed.
    Object(&'a str),
    /// A string with escapes, well formed but not read.
    Escaped,
}

impl Value<'_> {
    /// A number written as plain decimal digits that fits in a `u64`.
    pub fn as_u64(self) -> Option<u64> {
        match self {
            Value::Number(n) if n.bytes().all(|c| c.is_ascii_digit()) => n.parse().ok(),
            _ => None,
        }
    }
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
                    // Only JSON's escapes: one of these letters, or `u` and four hex digits.
                    escaped = true;
                    let len = match *bytes.get(self.at + 1)? {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => 2,
                        b'u' if bytes.get(self.at + 2..self.at + 6)?.iter().all(u8::is_ascii_hexdigit) => 6,
                        _ => return None,
                    };
                    self.at += len;
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
                (_, true) => Value::Escaped,
            },
            b't' => self.word("true").map(|_| Value::Bool(true))?,
            b'f' => self.word("false").map(|_| Value::Bool(false))?,
            b'n' => self.word("null").map(|_| Value::Null)?,
            b'[' => {
                let start = self.at;
                self.items(b']', |r| r.value(depth + 1).map(|_| ()))?;
                Value::Array(&self.text[start..self.at])
            }
            b'{' => {
                let start = self.at;
                self.items(b'}', |r| {
                    r.string()?;
                    r.eat(b':')?;
                    r.value(depth + 1).map(|_| ())
                })?;
                Value::Object(&self.text[start..self.at])
            }
            _ => {
                // A number, kept as written, checked against JSON's grammar (not parsed:
                // the standard float parser's tables would cost every page kilobytes).
                self.skip_space();
                let rest = &self.text[self.at..];
                let len = number_length(rest.as_bytes())?;
                self.at += len;
                Value::Number(&rest[..len])
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

/// The length of the JSON number `text` starts with:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; `None` if it starts with none.
fn number_length(text: &[u8]) -> Option<usize> {
    let digits = |from: usize| text[from.min(text.len())..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut at = usize::from(text.first() == Some(&b'-'));
    match (text.get(at)?, digits(at)) {
        (b'0', _) => at += 1,
        (_, 0) => return None,
        (_, n) => at += n,
    }
    if text.get(at) == Some(&b'.') {
        let n = digits(at + 1);
        if n == 0 {
            return None;
        }
        at += 1 + n;
    }
    if matches!(text.get(at), Some(b'e' | b'E')) {
        at += 1 + usize::from(matches!(text.get(at + 1), Some(b'+' | b'-')));
        let n = digits(at);
        if n == 0 {
            return None;
        }
        at += n;
    }
    Some(at)
}

/// Calls `field` with each key and value of one JSON object, in order; `None` unless
/// `text` is one well-formed object (in which case `field` may have seen some fields).
fn each_field<'a>(text: &'a str, mut field: impl FnMut(&'a str, Value<'a>)) -> Option<()> {
    let mut r = Reader { text, at: 0 };
    if r.peek()? != b'{' {
        return None;
    }
    r.items(b'}', |r| {
        let (key, _) = r.string()?;
        r.eat(b':')?;
        field(key, r.value(1)?);
        Some(())
    })?;
    r.end()
}

/// The fields of a JSON object, in order; `None` unless `text` is one well-formed object.
pub fn object(text: &str) -> Option<Vec<(&str, Value<'_>)>> {
    let mut fields = Vec::new();
    each_field(text, |key, v| fields.push((key, v)))?;
    Some(fields)
}

/// The values of the fields `names` of one JSON object (`None` where absent; of a key
/// written twice, the last, as a browser reads it), collecting nothing else: an object of
/// a million fields nobody asked for costs no memory. `None` unless `text` is one
/// well-formed object.
pub fn pick<'a, const N: usize>(text: &'a str, names: [&str; N]) -> Option<[Option<Value<'a>>; N]> {
    let mut out = [None; N];
    each_field(text, |key, v| {
        if let Some(i) = names.iter().position(|n| *n == key) {
            out[i] = Some(v);
        }
    })?;
    Some(out)
}

/// Calls `item` with each value of a JSON array, in order (nothing is collected, so a
/// caller can keep only as many as it allows); `None` unless `text` is one well-formed
/// array, in which case `item` may have seen some of its values.
pub fn each_item<'a>(text: &'a str, mut item: impl FnMut(Value<'a>)) -> Option<()> {
    let mut r = Reader { text, at: 0 };
    if r.peek()? != b'[' {
        return None;
    }
    r.items(b']', |r| r.value(1).map(&mut item))?;
    r.end()
}

/// A JSON array of strings; `None` unless `text` is exactly that (without escapes).
pub fn strings(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut all_strings = true;
    each_item(text, |v| match v {
        Value::Str(s) => out.push(s.to_string()),
        _ => all_strings = false,
    })?;
    all_strings.then_some(out)
}

/// True if `text` is one well-formed JSON value of any kind.
pub fn is_value(text: &str) -> bool {
    let mut r = Reader { text, at: 0 };
    r.value(0).is_some() && r.end().is_some()
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

/// A JSON object of these fields, in this order. Numbers, arrays and objects are written
/// as their text (the caller's, already JSON); an [`Value::Escaped`] string as `null`.
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
            Value::Number(raw) | Value::Array(raw) | Value::Object(raw) => out.push_str(raw),
            Value::Null | Value::Escaped => out.push_str("null"),
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
    fn reads_objects_and_hands_back_nested_values_as_text() {
        let f = object(r#" { "a" : "x", "b":true,"c":false, "d":null, "e": 12.5e3, "f": {"g": [1, {"h": "i"}]}, "j": "es\"c" } "#).unwrap();
        assert_eq!(
            f,
            vec![
                ("a", Value::Str("x")),
                ("b", Value::Bool(true)),
                ("c", Value::Bool(false)),
                ("d", Value::Null),
                ("e", Value::Number("12.5e3")),
                ("f", Value::Object(r#"{"g": [1, {"h": "i"}]}"#)),
                ("j", Value::Escaped),
            ]
        );
        assert_eq!(object("{}"), Some(vec![]));
    }

    #[test]
    fn refuses_what_is_not_one_well_formed_object() {
        for bad in ["", "{", "{not json", "[]", "{\"a\":}", "{\"a\":1,}", "{\"a\":1} x", "{\"a\" 1}", "{\"a\":tru}", "{\"a\":\"x}", "{\"a\":-}"] {
            assert_eq!(object(bad), None, "{bad}");
        }
        // Numbers and escapes JSON does not have (found by a differential run against serde_json).
        for bad in ["{\"a\":02}", "{\"a\":0.1.0}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":1e}", "{\"a\":-}", "{\"a\":1-2}", "{\"a\":+1}"] {
            assert_eq!(object(bad), None, "{bad}");
        }
        for (good, n) in [("0", "0"), ("-0.5", "-0.5"), ("12e+3", "12e+3"), ("1E-9", "1E-9"), ("120", "120")] {
            assert_eq!(object(&format!("{{\"a\":{good}}}")), Some(vec![("a", Value::Number(n))]), "{good}");
        }
        for bad in [r#"{"a\ction":1}"#, r#"{"a":"\Q"}"#, r#"{"a":"\u12"}"#, r#"{"a":"\u12G4"}"#, r#"{"a":"x\"#] {
            assert_eq!(object(bad), None, "{bad}");
        }
        assert_eq!(object(r#"{"a":"\"\\\/\b\f\n\r\t\u00e9"}"#), Some(vec![("a", Value::Escaped)]));
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

    #[test]
    fn picked_fields_are_the_last_of_their_name_and_malformed_objects_refused() {
        let text = r#"{"a": 1, "skip": [true], "b": "x", "a": {"n": null}}"#;
        assert_eq!(pick(text, ["a", "b", "c"]), Some([Some(Value::Object(r#"{"n": null}"#)), Some(Value::Str("x")), None]));
        for bad in ["", "[]", "{\"a\":1,}", "{\"a\":1} x"] {
            assert_eq!(pick(bad, ["a"]), None, "{bad}");
        }
    }

    #[test]
    fn numbers_read_as_whole_numbers_only_when_plain_digits() {
        let n = |t: &'static str| Value::Number(t).as_u64();
        assert_eq!(n("2"), Some(2));
        assert_eq!(n("18446744073709551615"), Some(u64::MAX));
        for t in ["-2", "2.5", "2e3", "18446744073709551616"] {
            assert_eq!(n(t), None, "{t}");
        }
        assert_eq!(Value::Str("2").as_u64(), None);
    }

    #[test]
    fn array_items_are_visited_in_order_and_malformed_arrays_refused() {
        let mut seen = Vec::new();
        assert_eq!(each_item(r#"[ "a", 1, {"b": [2]}, null ]"#, |v| seen.push(v)), Some(()));
        assert_eq!(seen, vec![Value::Str("a"), Value::Number("1"), Value::Object(r#"{"b": [2]}"#), Value::Null]);
        for bad in ["", "{}", "[", "[1,]", "[1] 2", "[\"a]"] {
            assert_eq!(each_item(bad, |_| ()), None, "{bad}");
        }
    }

    #[test]
    fn any_single_value_is_a_value() {
        for good in ["12", " \"x\" ", "[1, 2]", "{}", "null", "true"] {
            assert!(is_value(good), "{good}");
        }
        for bad in ["", "nope", "{not json", "1 2", "[1,]"] {
            assert!(!is_value(bad), "{bad}");
        }
    }

    #[test]
    fn nested_values_are_written_as_given() {
        let text = write_object(&[("n", Value::Number("2")), ("a", Value::Array("[\"x\"]")), ("o", Value::Object("{\"k\":null}"))]);
        assert_eq!(text, r#"{"n":2,"a":["x"],"o":{"k":null}}"#);
        assert_eq!(object(&text).unwrap()[2], ("o", Value::Object(r#"{"k":null}"#)));
    }
}
