//! Formats the cross-binding cases through the Rust binding (bindings/rust).
//!
//! usage: demo <cases file>          (Examples/cases.tsv)
//!
//! Prints one record per case in the format of Examples/README.md, identical to the C, C++,
//! Python, Swift and errfmt demos', so that they can be diffed. Run through cargo:
//! `cargo run --example demo -- Examples/cases.tsv` in bindings/rust.
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use errorformatter::{Catalog, ErrorInfo, Field, FormattedError, Mode};

const FIXED_FIELDS: usize = 8; // catalog .. table; the arguments follow

fn unescaped(field: &str) -> Result<String, String> {
    let mut out = String::with_capacity(field.len());
    let mut characters = field.chars();
    while let Some(character) = characters.next() {
        if character != '\\' {
            out.push(character);
            continue;
        }
        match characters.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            _ => return Err(format!("unknown escape in \"{field}\"")),
        }
    }
    Ok(out)
}

fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            other => out.push(other),
        }
    }
    out
}

fn optional(field: &str) -> Result<Option<String>, String> {
    if field == "-" {
        Ok(None)
    } else {
        unescaped(field).map(Some)
    }
}

/// A provenance value: None (no key rule) is "-", the unlocalized tables' "" is "(unlocalized)".
fn origin(value: Option<&str>, is_locale: bool) -> String {
    match value {
        None => "-".to_string(),
        Some("") if is_locale => "(unlocalized)".to_string(),
        Some(text) => escaped(text),
    }
}

fn record(locales_field: &str, domain: &str, code: i64, shown: &FormattedError) -> String {
    let mut out = format!(
        "{locales_field}\t{}\t{code}\ttitle={}\tmessage={}\tbutton={}\n",
        escaped(domain),
        escaped(&shown.title),
        escaped(&shown.message),
        escaped(&shown.button)
    );
    for field in Field::ALL {
        let where_ = shown.provenance(field);
        out += &format!(
            "\t{}\trule={}\tkey={}\tlocale={}\ttable={}\n",
            field.name(),
            escaped(where_.rule.as_str()),
            origin(where_.key.as_deref(), false),
            origin(where_.locale.as_deref(), true),
            origin(where_.table.as_deref(), false)
        );
    }
    let stack: Vec<String> = shown
        .stack
        .iter()
        .map(|entry| if entry.is_empty() { "(unlocalized)".to_string() } else { escaped(entry) })
        .collect();
    out += &format!("\tstack\t{}\n", stack.join(","));
    for field in Field::ALL {
        for rejection in &shown.provenance(field).rejections {
            out += &format!("\trejected\t{}\t{}\n", field.name(), escaped(&rejection.description));
        }
    }
    out
}

fn add_argument(info: &mut ErrorInfo, field: &str) -> Result<(), String> {
    let malformed = || format!("malformed argument \"{field}\"");
    let (kind, text) = field.split_once(':').ok_or_else(|| format!("argument \"{field}\" has no type"))?;
    let added = match kind {
        "s" => info.arg(unescaped(text)?.as_str()),
        "i" => info.arg(text.parse::<i64>().map_err(|_| malformed())?),
        "u" => info.arg(text.parse::<u64>().map_err(|_| malformed())?),
        "d" => info.arg(text.parse::<f64>().map_err(|_| malformed())?),
        _ => return Err(malformed()),
    };
    added.map(|_| ()).map_err(|error| format!("{error} ({})", error.status_name()))
}

fn print_diagnostics(catalog: &Catalog) {
    for diagnostic in catalog.diagnostics() {
        let severity = format!("{:?}", diagnostic.severity).to_lowercase();
        eprintln!(
            "{}:{}:{}: {severity}: {} [{}]",
            diagnostic.file.unwrap_or("(catalog)"),
            diagnostic.line,
            diagnostic.column,
            diagnostic.message,
            diagnostic.code
        );
    }
}

fn run(cases_path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(cases_path).map_err(|error| format!("cannot read {cases_path}: {error}"))?;
    let directory = Path::new(cases_path).parent().unwrap_or(Path::new(""));
    let mut catalogs: HashMap<String, Catalog> = HashMap::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in text.split('\n') {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < FIXED_FIELDS {
            return Err(format!("a case with {} fields, at least {FIXED_FIELDS} expected", fields.len()));
        }
        let name = unescaped(fields[0])?;
        if !catalogs.contains_key(&name) {
            let catalog = Catalog::open_with(directory.join(&name), Some("en"), Mode::Lenient)
                .map_err(|error| format!("cannot open the catalog: {error} ({})", error.status_name()))?;
            print_diagnostics(&catalog);
            catalogs.insert(name.clone(), catalog);
        }
        let catalog = &catalogs[&name];
        let locales: Vec<&str> = if fields[1] == "-" { Vec::new() } else { fields[1].split(',').collect() };
        let domain = unescaped(fields[2])?;
        let code: i64 = unescaped(fields[3])?.parse().map_err(|_| format!("malformed code \"{}\"", fields[3]))?;
        let failed = |error: errorformatter::Error| format!("{error} ({})", error.status_name());
        let mut info = ErrorInfo::new(&domain, code).map_err(failed)?;
        let (description, reason, suggestion, table) =
            (optional(fields[4])?, optional(fields[5])?, optional(fields[6])?, optional(fields[7])?);
        info.set_description(description.as_deref())
            .and_then(|info| info.set_failure_reason(reason.as_deref()))
            .and_then(|info| info.set_recovery_suggestion(suggestion.as_deref()))
            .and_then(|info| info.set_table(table.as_deref()))
            .map_err(failed)?;
        for field in &fields[FIXED_FIELDS..] {
            add_argument(&mut info, field)?;
        }
        let shown = catalog.format(&info, &locales).map_err(failed)?;
        out.write_all(record(fields[1], &domain, code, &shown).as_bytes()).map_err(|error| error.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().collect();
    if arguments.len() != 2 {
        eprintln!("usage: {} <cases file>", arguments.first().map_or("demo", String::as_str));
        return ExitCode::from(2);
    }
    if errorformatter::version_number() / 10000 != errorformatter::sys::EF_VERSION_MAJOR {
        eprintln!(
            "demo: built for ABI {}, loaded liberrorformatter {}",
            errorformatter::sys::EF_VERSION_MAJOR,
            errorformatter::version_string()
        );
        return ExitCode::FAILURE;
    }
    match run(&arguments[1]) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("demo: {message}");
            ExitCode::FAILURE
        }
    }
}
