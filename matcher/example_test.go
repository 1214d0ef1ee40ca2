package matcher_test

import (
	"fmt"

	"robots-explorer/matcher"
)

func Example() {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nAllow: /fish\nDisallow: /*.php\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("Googlebot", "https://example.com/fish.php?id=3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict())
	fmt.Println(res.Explanation)
	fmt.Println(res.Target.RobotsURL)
	// Output:
	// disallowed
	// Disallowed by line 3, `Disallow: /*.php` (6 octets), which is longer than line 2, `Allow: /fish` (5 octets).
	// https://example.com/robots.txt
}

func ExampleFile_Evaluate_groups() {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: foobot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"), matcher.ParseOptions{})
	for _, token := range []string{"FooBot", "otherbot"} {
		res, _ := f.Evaluate(token, "/page")
		fmt.Println(token, res.Verdict(), "-", res.Groups.Summary)
	}
	// Output:
	// FooBot disallowed - "FooBot" is named by the group at line 1.
	// otherbot allowed - No group names "otherbot", so the * group at line 4 applies.
}

func ExampleParse_diagnostics() {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: Googlebot/2.1\nDisalow: /private\n"), matcher.ParseOptions{})
	for _, d := range f.Diagnostics {
		fmt.Println(d.Pos, d.Code)
	}
	// Output:
	// 1:1 empty-group
	// 1:22 token-cut
	// 2:1 typo-key
}

// A file already held as a string (an editor's text, a file read into a
// strings.Builder) is given as Text too, and not copied again.
func ExampleParseOptions_text() {
	text := "User-agent: *\nDisallow: /private/ # keep out\n"
	f := matcher.Parse(matcher.Google, []byte(text), matcher.ParseOptions{Text: text})
	res, _ := f.Evaluate("Googlebot", "/private/a")
	m, _ := res.WinningRule()
	fmt.Println(res.Verdict(), "by line", m.Rule.Line)
	fmt.Printf("comment: %q\n", f.TextOf(f.Lines()[1].Comment))
	// Output:
	// disallowed by line 2
	// comment: " keep out"
}
