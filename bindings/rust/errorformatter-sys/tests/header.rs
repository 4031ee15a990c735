//! The hand-written declarations of src/lib.rs against include/errorformatter.h: the same
//! functions, each with the same parameter and return types (in Rust's spelling), and the same
//! constants. A function added to the header and not here (or changed there) fails this test.
//!
//! The header is parsed only as far as its own conventions go (errorformatter.h declares no
//! structs, enums, function pointers or varargs: see its "ABI" paragraph), without any crate.
use std::collections::BTreeMap;
use std::path::PathBuf;

fn project_file(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// `text` without /* */ and // comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else {
            let next = rest.chars().next().unwrap_or(' ');
            out.push(next);
            rest = &rest[next.len_utf8()..];
        }
    }
    out
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A C parameter or return type of the header in Rust's spelling (`const char *` -> `*const c_char`).
fn rust_type(c_type: &str) -> String {
    let spaced = squeeze(&c_type.replace('*', " * "));
    let tokens: Vec<&str> = spaced.split(' ').collect();
    let first_star = tokens.iter().position(|token| *token == "*").unwrap_or(tokens.len());
    let base_const = tokens[..first_star].contains(&"const");
    let base: Vec<&str> = tokens[..first_star].iter().copied().filter(|word| *word != "const").collect();
    let mut spelled = match base.join(" ").as_str() {
        "char" => "c_char".to_string(),
        "void" => "c_void".to_string(),
        "size_t" => "usize".to_string(),
        "int32_t" => "i32".to_string(),
        "uint32_t" => "u32".to_string(),
        "int64_t" => "i64".to_string(),
        "uint64_t" => "u64".to_string(),
        "double" => "f64".to_string(),
        other => other.to_string(),
    };
    // Left to right, each `*` makes a pointer to what is spelled so far; that pointee is const
    // if `const` qualified it: the base's `const` for the first `*`, else a `const` written
    // right after the previous `*` (`char *const *`). Rust does not spell the outermost
    // pointer's own constness (a parameter's `* const`).
    let mut pointee_const = base_const;
    let mut index = first_star;
    while index < tokens.len() {
        if tokens[index] == "*" {
            spelled = format!("*{} {spelled}", if pointee_const { "const" } else { "mut" });
            pointee_const = tokens.get(index + 1) == Some(&"const");
            index += if pointee_const { 2 } else { 1 };
        } else {
            index += 1;
        }
    }
    spelled
}

/// name -> (parameter types, return type), both in Rust's spelling ("" for void).
type Signatures = BTreeMap<String, (Vec<String>, String)>;

/// The header's lines without preprocessor directives (and their `\` continuation lines).
fn without_directives(header: &str) -> String {
    let mut kept = Vec::new();
    let mut in_directive = false;
    let code = strip_comments(header);
    for line in code.lines() {
        let continues = line.trim_end().ends_with('\\');
        if in_directive || line.trim_start().starts_with('#') {
            in_directive = continues;
            continue;
        }
        kept.push(line);
    }
    kept.join("\n")
}

fn header_signatures(header: &str) -> Signatures {
    let code = without_directives(header);
    let mut signatures = Signatures::new();
    for statement in code.split(';') {
        let statement = squeeze(statement.replace("extern \"C\" {", " ").replace('}', " ").as_str());
        if statement.starts_with("typedef") || !statement.contains('(') {
            continue;
        }
        let open = statement.find('(').expect("a prototype has '('");
        let close = statement.rfind(')').expect("a prototype has ')'");
        let head = statement[..open].trim();
        let name_start = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let name = head[name_start..].to_string();
        let return_c = head[..name_start].trim();
        let returns = if return_c == "void" { String::new() } else { rust_type(return_c) };
        let parameters_c = statement[open + 1..close].trim();
        let parameters = if parameters_c == "void" {
            Vec::new()
        } else {
            parameters_c
                .split(',')
                .map(|parameter| {
                    let parameter = parameter.trim();
                    let name_start = parameter.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
                    rust_type(&parameter[..name_start])
                })
                .collect()
        };
        assert!(signatures.insert(name.clone(), (parameters, returns)).is_none(), "{name} declared twice");
    }
    signatures
}

fn rust_signatures(source: &str) -> Signatures {
    let code = strip_comments(source);
    let start = code.find("extern \"C\" {").expect("src/lib.rs has an extern \"C\" block");
    let block = &code[start + "extern \"C\" {".len()..];
    let block = &block[..block.find('}').expect("the extern block ends")];
    let mut signatures = Signatures::new();
    for declaration in block.split(';') {
        let declaration = squeeze(declaration);
        if declaration.is_empty() {
            continue;
        }
        let declaration = declaration.strip_prefix("pub fn ").unwrap_or_else(|| panic!("not a pub fn: {declaration}"));
        let open = declaration.find('(').expect("(");
        let close = declaration.rfind(')').expect(")");
        let name = declaration[..open].trim().to_string();
        let parameters = declaration[open + 1..close]
            .split(',')
            .map(str::trim)
            .filter(|parameter| !parameter.is_empty())
            .map(|parameter| squeeze(parameter.split_once(':').expect("name: type").1))
            .collect();
        let returns = declaration[close + 1..].trim().strip_prefix("->").map_or(String::new(), squeeze);
        assert!(signatures.insert(name.clone(), (parameters, returns)).is_none(), "{name} declared twice");
    }
    signatures
}

#[test]
fn every_header_function_is_declared_with_the_same_types() {
    let header = header_signatures(&project_file("../../../include/errorformatter.h"));
    let rust = rust_signatures(&project_file("src/lib.rs"));
    assert!(header.len() > 60, "the header parser found only {} functions", header.len());
    let missing: Vec<&String> = header.keys().filter(|name| !rust.contains_key(*name)).collect();
    let extra: Vec<&String> = rust.keys().filter(|name| !header.contains_key(*name)).collect();
    assert!(missing.is_empty(), "declared in the header, not in src/lib.rs: {missing:?}");
    assert!(extra.is_empty(), "declared in src/lib.rs, not in the header: {extra:?}");
    for (name, expected) in &header {
        assert_eq!(&rust[name], expected, "{name}: src/lib.rs differs from the header");
    }
}

#[test]
fn the_type_translation_reads_pointers_as_the_header_means_them() {
    // The cases that matter for this header; a mistake here would hide a real mismatch.
    assert_eq!(rust_type("const char *"), "*const c_char");
    assert_eq!(rust_type("char **"), "*mut *mut c_char");
    assert_eq!(rust_type("const char **"), "*mut *const c_char");
    assert_eq!(rust_type("const char *const *"), "*const *const c_char");
    assert_eq!(rust_type("ef_catalog **"), "*mut *mut ef_catalog");
    assert_eq!(rust_type("const ef_catalog *"), "*const ef_catalog");
    assert_eq!(rust_type("const void *"), "*const c_void");
    assert_eq!(rust_type("size_t"), "usize");
}

/// `#define EF_NAME <integer or string>` constants of the header.
fn header_constants(header: &str) -> BTreeMap<String, String> {
    strip_comments(header)
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("#define ")?;
            let (name, value) = rest.split_once(char::is_whitespace)?;
            if !name.starts_with("EF_") || name.contains('(') {
                return None;
            }
            let value = value.trim().trim_end_matches('u').to_string();
            Some((name.to_string(), value))
        })
        .collect()
}

#[test]
fn every_header_constant_has_the_same_value() {
    let header = header_constants(&project_file("../../../include/errorformatter.h"));
    let source = project_file("src/lib.rs");
    let rust: BTreeMap<String, String> = source
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub const ")?;
            let (name, rest) = rest.split_once(':')?;
            let value = rest.split_once('=')?.1.trim().trim_end_matches(';').trim();
            Some((name.trim().to_string(), value.to_string()))
        })
        .collect();
    assert!(header.len() > 20, "the header parser found only {} constants", header.len());
    for (name, value) in &header {
        assert_eq!(rust.get(name), Some(value), "{name}: src/lib.rs differs from the header");
    }
    let extra: Vec<&String> = rust.keys().filter(|name| !header.contains_key(*name)).collect();
    assert!(extra.is_empty(), "constants not in the header: {extra:?}");
}

#[test]
fn every_header_handle_type_is_declared_opaque() {
    let header = without_directives(&project_file("../../../include/errorformatter.h"));
    let handles: Vec<String> = header
        .split(';')
        .filter_map(|statement| {
            let words: Vec<&str> = statement.split_whitespace().collect();
            // `typedef struct ef_x ef_x`
            (words.len() == 4 && words[0] == "typedef" && words[1] == "struct" && words[2] == words[3])
                .then(|| words[3].to_string())
        })
        .collect();
    assert!(handles.len() >= 8, "the header parser found only {} handle types", handles.len());
    let source = strip_comments(&project_file("src/lib.rs"));
    let block = source.split("opaque! {").nth(1).and_then(|rest| rest.split('}').next()).expect("an opaque! block");
    let declared: Vec<String> =
        block.split(';').map(|entry| entry.trim().to_string()).filter(|entry| !entry.is_empty()).collect();
    assert_eq!(declared, handles, "src/lib.rs's opaque handle types differ from the header's, in the header's order");
    assert!(source.contains("pub type ef_status = i32;"), "ef_status is the header's int32_t");
}
