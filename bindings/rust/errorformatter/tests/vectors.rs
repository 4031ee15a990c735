//! The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): each case,
//! made through this API, gives what errfmt printed for it, and each rejection's text is the
//! description the library wrote in the case's output (ef_result_rejection's line).
use std::collections::HashMap;
use std::path::PathBuf;

use errorformatter::{Catalog, ErrorInfo, Field};

/// A JSON value, as much of JSON as the vectors' files use (numbers kept as their text).
#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
        let value = reader.value();
        reader.space();
        assert_eq!(reader.at, reader.bytes.len(), "text after the JSON value");
        value
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => {
                members.iter().find(|(name, _)| name == key).map(|(_, value)| value).unwrap_or(&Json::Null)
            }
            _ => panic!("{key} of a value that is no object"),
        }
    }

    fn text(&self) -> &str {
        match self {
            Json::String(text) | Json::Number(text) => text,
            _ => panic!("{self:?} is no string"),
        }
    }

    fn optional(&self) -> Option<&str> {
        match self {
            Json::Null => None,
            _ => Some(self.text()),
        }
    }

    fn items(&self) -> &[Json] {
        match self {
            Json::Array(items) => items,
            _ => panic!("{self:?} is no array"),
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn space(&mut self) {
        while self.bytes.get(self.at).is_some_and(|byte| b" \n\r\t".contains(byte)) {
            self.at += 1;
        }
    }

    fn next(&mut self) -> u8 {
        let byte = *self.bytes.get(self.at).expect("the JSON text ends early");
        self.at += 1;
        byte
    }

    fn word(&mut self, word: &str) {
        assert!(self.bytes[self.at..].starts_with(word.as_bytes()), "JSON: {word} expected at {}", self.at);
        self.at += word.len();
    }

    fn value(&mut self) -> Json {
        self.space();
        match self.bytes.get(self.at).copied().expect("a JSON value expected") {
            b'{' => {
                self.at += 1;
                let mut members = Vec::new();
                self.space();
                if self.bytes.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    return Json::Object(members);
                }
                loop {
                    self.space();
                    assert_eq!(self.next(), b'"', "a member name must be a string");
                    let name = self.string();
                    self.space();
                    assert_eq!(self.next(), b':');
                    members.push((name, self.value()));
                    self.space();
                    match self.next() {
                        b'}' => return Json::Object(members),
                        b',' => {}
                        other => panic!("',' or '}}' expected, not {}", other as char),
                    }
                }
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.bytes.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Json::Array(items);
                }
                loop {
                    items.push(self.value());
                    self.space();
                    match self.next() {
                        b']' => return Json::Array(items),
                        b',' => {}
                        other => panic!("',' or ']' expected, not {}", other as char),
                    }
                }
            }
            b'"' => {
                self.at += 1;
                Json::String(self.string())
            }
            b't' => {
                self.word("true");
                Json::Bool(true)
            }
            b'f' => {
                self.word("false");
                Json::Bool(false)
            }
            b'n' => {
                self.word("null");
                Json::Null
            }
            _ => {
                let start = self.at;
                while self.bytes.get(self.at).is_some_and(|byte| b"+-0123456789.eE".contains(byte)) {
                    self.at += 1;
                }
                assert!(self.at > start, "a JSON value expected at {start}");
                Json::Number(String::from_utf8(self.bytes[start..self.at].to_vec()).expect("ASCII"))
            }
        }
    }

    fn hex4(&mut self) -> u32 {
        let digits = std::str::from_utf8(&self.bytes[self.at..self.at + 4]).expect("ASCII");
        self.at += 4;
        u32::from_str_radix(digits, 16).expect("four hexadecimal digits")
    }

    /// The rest of a string whose opening quote was read.
    fn string(&mut self) -> String {
        let mut bytes = Vec::new();
        loop {
            match self.next() {
                b'"' => return String::from_utf8(bytes).expect("a JSON string is UTF-8"),
                b'\\' => {
                    let escaped = match self.next() {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut unit = self.hex4();
                            if (0xD800..0xDC00).contains(&unit) {
                                self.word("\\u");
                                let low = self.hex4();
                                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                            }
                            char::from_u32(unit).expect("a Unicode scalar")
                        }
                        other => panic!("unknown escape \\{}", other as char),
                    };
                    bytes.extend_from_slice(escaped.encode_utf8(&mut [0; 4]).as_bytes());
                }
                byte => bytes.push(byte),
            }
        }
    }
}

fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn vectors() -> PathBuf {
    project().join("Tests/vectors/packed")
}

/// The last `count` items of a packed output: its rejections' descriptions.
fn last_items(output: &[u8], count: usize) -> Vec<String> {
    let items: Vec<&[u8]> = output[..output.len() - 1].split(|byte| *byte == 0).collect();
    items[items.len() - count..].iter().map(|item| String::from_utf8(item.to_vec()).expect("UTF-8")).collect()
}

fn add_arguments(info: &mut ErrorInfo, arguments: &Json) {
    for argument in arguments.items() {
        let value = argument.get("value").text();
        match argument.get("kind").text() {
            "s" => info.arg(value),
            "d" => info.arg(value.parse::<f64>().expect("a double")),
            "u" => info.arg(value.parse::<u64>().expect("a uint64")),
            "i" => info.arg(value.parse::<i64>().expect("an int64")),
            // "n": signed when it fits 64 signed bits, else unsigned.
            _ => match value.parse::<i64>() {
                Ok(signed) => info.arg(signed),
                Err(_) => info.arg(value.parse::<u64>().expect("a uint64")),
            },
        }
        .expect("the argument is added");
    }
}

#[test]
fn every_vector_made_through_the_api_is_what_errfmt_printed() {
    let manifest = Json::parse(&std::fs::read_to_string(vectors().join("cases.json")).expect("the manifest"));
    let mut catalogs: HashMap<String, Catalog> = HashMap::new();
    let (mut formats, mut lookups, mut rejections) = (0, 0, 0);
    for case in manifest.get("cases").items() {
        let name = case.get("name").text();
        let directory = case.get("catalog").text();
        let catalog = catalogs
            .entry(directory.to_owned())
            .or_insert_with(|| Catalog::open(project().join(directory)).expect("the catalog opens"));
        let preferences: Vec<&str> = case.get("preferences").items().iter().map(Json::text).collect();
        let output = std::fs::read(vectors().join(format!("{name}.out"))).expect("the output");
        let expected = Json::parse(&std::fs::read_to_string(vectors().join(format!("{name}.json"))).expect("json"));
        if case.get("call").text() == "format" {
            formats += 1;
            let mut info = ErrorInfo::new(case.get("domain").text(), case.get("code").text().parse().expect("a code"))
                .expect("the error");
            info.set_description(case.get("description").optional())
                .and_then(|info| info.set_failure_reason(case.get("failure_reason").optional()))
                .and_then(|info| info.set_recovery_suggestion(case.get("recovery_suggestion").optional()))
                .and_then(|info| info.set_table(case.get("table").optional()))
                .expect("the texts");
            add_arguments(&mut info, case.get("arguments"));
            let shown = catalog.format(&info, &preferences).expect("the format");
            assert_eq!(shown.title, expected.get("title").text(), "{name}");
            assert_eq!(shown.message, expected.get("message").text(), "{name}");
            assert_eq!(shown.button, expected.get("button").text(), "{name}");
            let stack: Vec<&str> = expected.get("stack").items().iter().map(Json::text).collect();
            assert_eq!(shown.stack, stack, "{name}");
            let mut written = Vec::new();
            for field in Field::ALL {
                let origin = shown.provenance(field);
                let want = expected.get("provenance").get(field.name());
                assert_eq!(origin.rule, want.get("rule").text(), "{name} {field:?}");
                assert_eq!(origin.key.as_deref(), want.get("key").optional(), "{name} {field:?}");
                assert_eq!(origin.locale.as_deref(), want.get("locale").optional(), "{name} {field:?}");
                assert_eq!(origin.table.as_deref(), want.get("table").optional(), "{name} {field:?}");
                assert_eq!(origin.rejections.len(), want.get("rejections").items().len(), "{name} {field:?}");
                written.extend(origin.rejections.iter().cloned());
            }
            rejections += written.len();
            assert_eq!(written, last_items(&output, written.len()), "{name}: the rejections' descriptions");
        } else {
            lookups += 1;
            let mut arguments = ErrorInfo::new("", 0).expect("the arguments");
            add_arguments(&mut arguments, case.get("arguments"));
            let given = (!case.get("arguments").items().is_empty()).then_some(&arguments);
            let found = catalog
                .lookup(case.get("key").text(), &preferences, case.get("table").optional(), given)
                .expect("the lookup");
            assert_eq!(found.value.as_deref(), expected.get("value").optional(), "{name}");
            assert_eq!(found.locale.as_deref(), expected.get("locale").optional(), "{name}");
            assert_eq!(found.table, expected.get("table").text(), "{name}");
            let count = expected.get("diagnostics").items().len();
            rejections += count;
            assert_eq!(found.rejections, last_items(&output, count), "{name}: the rejections' descriptions");
        }
    }
    assert!(formats >= 20 && lookups >= 6 && rejections >= 8, "{formats} formats, {lookups} lookups");
}

#[test]
fn the_json_reader_reads_escapes() {
    let value = Json::parse(r#"{"a": ["\u00e9\ud83d\udcc1\t\"", -12, true, null, {}]}"#);
    let items = value.get("a").items();
    assert_eq!(items[0], Json::String("é📁\t\"".to_owned()));
    assert_eq!(items[1], Json::Number("-12".to_owned()));
    assert_eq!(items[2..4], [Json::Bool(true), Json::Null]);
    assert_eq!(items[4], Json::Object(Vec::new()));
}
