package errorformatter_test

import (
	"reflect"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

var (
	str = errorformatter.StringArg
	i64 = errorformatter.Int64Arg
	u64 = errorformatter.Uint64Arg
	f64 = errorformatter.Float64Arg
)

func syncError(code int64, arguments ...errorformatter.Argument) errorformatter.ErrorInfo {
	return errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: code, Arguments: arguments}
}

// Examples/Sync's strings, filled in (Examples/Sync/README.md; the same as the C demo's records).
func TestSyncArguments(t *testing.T) {
	catalog := open(t, syncCatalog)
	cases := []struct {
		locale, title, message string
		info                   errorformatter.ErrorInfo
	}{
		{"en", "Cannot Upload “report.pdf”", "“report.pdf” is open in another app.", syncError(1, str("report.pdf"))},
		{"fr", "Impossible d’envoyer « rapport final.pdf »", "« rapport final.pdf » est ouvert dans une autre app.", syncError(1, str("rapport final.pdf"))},
		{"en", "Some Files Were Not Synced", "1 file could not be synced.", syncError(2, i64(1))},
		{"en", "Some Files Were Not Synced", "3 files could not be synced.", syncError(2, i64(3))},
		// French puts 0 in "one".
		{"fr", "Certains fichiers n’ont pas été synchronisés", "0 fichier n’a pas pu être synchronisé.", syncError(2, i64(0))},
		{"en", "Not Enough Space", "12.5 MB more are needed on “Backup”.", syncError(3, f64(12.5), str("Backup"))},
		// French takes the arguments in another order than English's.
		{"fr-CA", "Espace insuffisant", "Il faut 0.2 Mo de plus sur « Sauvegarde ».", syncError(3, f64(0.25), str("Sauvegarde"))},
	}
	for _, c := range cases {
		shown := format(t, catalog, c.info, c.locale)
		if shown.Title != c.title || shown.Message != c.message {
			t.Errorf("%s %+v: got (%q, %q), want (%q, %q)", c.locale, c.info.Arguments, shown.Title,
				shown.Message, c.title, c.message)
		}
		for field, origin := range shown.Provenance {
			if len(origin.Rejections) != 0 {
				t.Errorf("%s %+v: field %d rejected %v", c.locale, c.info.Arguments, field, origin.Rejections)
			}
		}
	}
}

func TestArgumentsThatDoNotFitAreRejectedWithAReason(t *testing.T) {
	catalog := open(t, syncCatalog)
	// German's message asks for a third argument: English answers, and the result says why.
	shown := format(t, catalog, syncError(3, f64(1.5), str("Backup")), "de")
	if shown.Message != "1.5 MB more are needed on “Backup”." || shown.Provenance[errorformatter.Message].Locale != "en" {
		t.Errorf("message %q from %q", shown.Message, shown.Provenance[errorformatter.Message].Locale)
	}
	// The description is the library's one-line text (ef_result_rejection's), and String() says it.
	want := []errorformatter.Rejection{{Key: "errors.SyncErrorDomain.3.message", Locale: "de", Table: "Localizable",
		Code: "missing-argument", Message: "specifier refers to argument 3 but 2 were passed",
		Description: "errors.SyncErrorDomain.3.message in de/Localizable: specifier refers to argument 3 but 2 were passed [missing-argument]"}}
	got := shown.Provenance[errorformatter.Message].Rejections
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rejections %+v, want %+v", got, want)
	}
	if len(got) == 1 && got[0].String() != want[0].Description {
		t.Errorf("Rejection.String() = %q", got[0].String())
	}
	// A string where the plural needs an integer: the generic message.
	typed := format(t, catalog, syncError(2, str("three")), "en")
	if typed.Message != "Please try again later." || typed.Provenance[errorformatter.Message].Rule != errorformatter.RuleGenericKey {
		t.Errorf("message %q by %q", typed.Message, typed.Provenance[errorformatter.Message].Rule)
	}
	rejected := typed.Provenance[errorformatter.Message].Rejections
	if len(rejected) != 1 || rejected[0].Code != "wrong-argument-type" {
		t.Errorf("rejections %+v", rejected)
	}
}

const (
	uploadEnglish = `"errors.Upload.1.title" = "Couldn't upload %1$@";
"errors.Upload.1.message" = "%1$@ (%2$lld bytes, %3$.1f s) was not sent.";
"big" = "%llu";
`
	uploadFrench = `"errors.Upload.1.title" = "Échec de l’envoi de %1$@";
"errors.Upload.1.message" = "%1$@ (%2$lld octets, %4$@) n’a pas été envoyé.";
`
	arabicPeople = `{"people": {"zero": "لا أحد", "one": "شخص واحد", "two": "شخصان", "few": "%lld أشخاص", "many": "%lld شخصًا", "other": "%lld شخص"}}`
)

func uploadCatalog(t *testing.T) *errorformatter.Catalog {
	return fromTables(t, table("en", uploadEnglish), table("fr", uploadFrench),
		errorformatter.Table{Locale: "ar", FileName: "Localizable.json", Data: []byte(arabicPeople)})
}

func TestTypedArgumentsAndTheUint64Edge(t *testing.T) {
	catalog := uploadCatalog(t)
	upload := errorformatter.ErrorInfo{Domain: "Upload", Code: 1, Arguments: []errorformatter.Argument{str("photo.jpg"), i64(2048), f64(1.25)}}
	shown := format(t, catalog, upload, "en")
	if shown.Title != "Couldn't upload photo.jpg" || shown.Message != "photo.jpg (2048 bytes, 1.2 s) was not sent." {
		t.Errorf("%q / %q", shown.Title, shown.Message)
	}
	french := format(t, catalog, upload, "fr-CA")
	if french.Title != "Échec de l’envoi de photo.jpg" || french.Message != shown.Message {
		t.Errorf("%q / %q", french.Title, french.Message)
	}
	if why := french.Provenance[errorformatter.Message].Rejections; len(why) != 1 || why[0].Locale != "fr" || why[0].Code != "missing-argument" {
		t.Errorf("rejections %+v", why)
	}
	big, err := catalog.Lookup("", "big", []errorformatter.Argument{u64(1<<64 - 1)}, "en")
	if err != nil || big.Value != "18446744073709551615" {
		t.Errorf("Lookup big = %+v, %v", big, err)
	}
	smallest := format(t, catalog, errorformatter.ErrorInfo{Domain: "Upload", Code: 1,
		Arguments: []errorformatter.Argument{str("x"), i64(-1 << 63), f64(0)}}, "en")
	if !strings.Contains(smallest.Message, "-9223372036854775808 bytes") {
		t.Errorf("message %q", smallest.Message)
	}
}

func TestArabicPluralsFromAJSONTable(t *testing.T) {
	catalog := uploadCatalog(t)
	for count, want := range map[int64]string{0: "لا أحد", 1: "شخص واحد", 2: "شخصان", 3: "3 أشخاص", 11: "11 شخصًا", 100: "100 شخص"} {
		found, err := catalog.Lookup("", "people", []errorformatter.Argument{i64(count)}, "ar-EG")
		if err != nil {
			t.Fatal(err)
		}
		if !found.Found || found.Value != want || found.Locale != "ar" || found.Table != "Localizable" {
			t.Errorf("%d: %+v, want %q", count, found, want)
		}
	}
}

func TestLookupOfAMissingKeyIsNotFoundNotAnError(t *testing.T) {
	catalog := uploadCatalog(t)
	missing, err := catalog.Lookup("", "no.such.key", nil, "en")
	if err != nil || missing.Found || missing.Value != "" || missing.Locale != "" || len(missing.Rejections) != 0 {
		t.Errorf("%+v, %v", missing, err)
	}
	unsatisfied, err := catalog.Lookup("", "errors.Upload.1.title", nil, "en")
	if err != nil || unsatisfied.Found || len(unsatisfied.Rejections) != 1 {
		t.Errorf("%+v, %v", unsatisfied, err)
	}
}

func TestText(t *testing.T) {
	catalog := open(t, coreLocation)
	text, err := catalog.Text("", "errors.kCLErrorDomain.0.title", "ja")
	if err != nil || text != "位置情報を取得できません" {
		t.Errorf("Text = %q, %v", text, err)
	}
	_, err = catalog.Text("", "no.such.key", "ja")
	if !isStatus(err, errorformatter.StatusKeyNotFound) {
		t.Errorf("Text of a missing key: %v", err)
	}
	// A value that needs arguments is not a text.
	_, err = uploadCatalog(t).Text("", "big", "en")
	if !isStatus(err, errorformatter.StatusKeyNotFound) {
		t.Errorf("Text of a format: %v", err)
	}
}

func TestMoreArgumentsThanTheLibraryTakes(t *testing.T) {
	catalog := uploadCatalog(t)
	many := make([]errorformatter.Argument, 1001)
	for index := range many {
		many[index] = str("x")
	}
	_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "Upload", Code: 1, Arguments: many}, "en")
	if !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("1001 arguments: %v", err)
	}
	if got := format(t, catalog, errorformatter.ErrorInfo{Domain: "Upload", Code: 1,
		Arguments: []errorformatter.Argument{str("b.jpg"), i64(2), f64(1)}}, "en").Message; got != "b.jpg (2 bytes, 1.0 s) was not sent." {
		t.Errorf("message %q", got)
	}
}

func TestArgumentString(t *testing.T) {
	got := []string{str("a.pdf").String(), i64(-3).String(), u64(3).String(), f64(0.5).String()}
	want := []string{`string("a.pdf")`, "int64(-3)", "uint64(3)", "float64(0.5)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%q", got)
	}
}
