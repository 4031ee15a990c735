//! Problem responses through the safe API against the real library and Examples/CoreLocation:
//! the bytes hand-checked against the example's tables (and equal to `errfmt problem`'s), the
//! arguments the header rejects, and an output larger than the first buffer.
use std::path::PathBuf;

use errorformatter::{Catalog, ErrorInfo, ErrorKind, Preferences, Problem, ProblemMembers, ProblemOptions};

fn core_location() -> Catalog {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../Examples/CoreLocation");
    Catalog::open(examples).expect("the example catalog opens")
}

fn from_header(catalog: &Catalog, code: i64, header: Option<&[u8]>, options: &ProblemOptions) -> Problem {
    let error = ErrorInfo::new("kCLErrorDomain", code).expect("a valid error");
    catalog.problem(&error, Preferences::<&str>::AcceptLanguage(header), options).expect("a response")
}

fn fields(problem: &Problem) -> Vec<(&str, &str)> {
    problem.headers.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect()
}

#[test]
fn a_title_and_a_message_from_two_localizations() {
    let options = ProblemOptions {
        status: 503,
        type_template: Some("https://errors.example.com/{domain}/{code}".into()),
        ..ProblemOptions::default()
    };
    let made = from_header(&core_location(), 2, Some(b"fr-CA, fr;q=0.8"), &options);
    assert_eq!(made.status, 503);
    assert_eq!(
        fields(&made),
        [("Content-Type", "application/problem+json"), ("Content-Language", "fr, fr-CA"), ("Vary", "Accept-Language")]
    );
    assert_eq!(
        String::from_utf8(made.body).unwrap(),
        "{\"type\":\"https://errors.example.com/kCLErrorDomain/2\",\"title\":\"Pas d\u{2019}Internet\",\
         \"status\":503,\"detail\":\"Internet n\u{2019}est pas accessible ou une erreur est survenue.\"}"
    );
}

#[test]
fn members_and_instance_in_their_order() {
    let options = ProblemOptions {
        status: 404,
        instance: Some("/x".into()),
        members: ProblemMembers { code: true, domain: true, button: true },
        ..ProblemOptions::default()
    };
    let made = from_header(&core_location(), 0, Some(b"de"), &options);
    assert_eq!(made.header("content-language"), Some("de"));
    assert_eq!(
        String::from_utf8(made.body).unwrap(),
        "{\"type\":\"about:blank\",\"title\":\"Unbekannter Standort\",\"status\":404,\
         \"detail\":\"Der Standort konnte nicht genau bestimmt werden. Ein langer Tunnel?\",\
         \"instance\":\"/x\",\"code\":0,\"domain\":\"kCLErrorDomain\",\"button\":\"OK\"}"
    );
}

#[test]
fn a_header_and_its_list_give_one_response_and_garbage_the_development_locale() {
    let catalog = core_location();
    let options = ProblemOptions::default();
    let error = ErrorInfo::new("kCLErrorDomain", 0).unwrap();
    let listed = catalog.problem(&error, Preferences::Locales(&["fr-CA"]), &options).unwrap();
    assert_eq!(from_header(&catalog, 0, Some(b"fr-CA"), &options), listed);
    assert_eq!(listed.header("Content-Language"), Some("fr-CA"));

    let none = from_header(&catalog, 0, None, &options);
    assert_eq!(none.header("Content-Language"), Some("en"));
    for garbage in [&b"\xff\xfe garbage"[..], b"", b"*", b"i-klingon", b"fr;q=2"] {
        assert_eq!(from_header(&catalog, 0, Some(garbage), &options), none, "{garbage:?}");
    }
    // A NUL ends the header, as C reads it.
    assert_eq!(from_header(&catalog, 0, Some(b"de\0fr"), &options), from_header(&catalog, 0, Some(b"de"), &options));
}

#[test]
fn an_output_larger_than_the_first_buffer() {
    let instance = format!("/orders/{}", "7".repeat(5000));
    let options = ProblemOptions { status: 404, instance: Some(instance.clone()), ..ProblemOptions::default() };
    let made = from_header(&core_location(), 0, Some(b"fr-CA"), &options);
    let body = String::from_utf8(made.body).unwrap();
    assert!(body.ends_with(&format!(",\"instance\":\"{instance}\"}}")), "{body}");
}

#[test]
fn arguments_the_call_refuses() {
    let catalog = core_location();
    let error = ErrorInfo::new("kCLErrorDomain", 0).unwrap();
    let header = Preferences::<&str>::AcceptLanguage(None);
    for status in [0, 99, 600] {
        let options = ProblemOptions { status, ..ProblemOptions::default() };
        let failure = catalog.problem(&error, header, &options).expect_err("a status outside 100 to 599");
        assert_eq!(failure.kind(), ErrorKind::InvalidArgument, "status {status}");
    }
    let options = ProblemOptions { type_template: Some("about:\0blank".into()), ..ProblemOptions::default() };
    assert_eq!(catalog.problem(&error, header, &options).unwrap_err().kind(), ErrorKind::InvalidArgument);
}
