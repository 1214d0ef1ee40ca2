package matcher_test

import (
	"fmt"
	"time"

	"robots-explorer/matcher"
)

// A robots.txt answered with 503 is unreachable: RFC 9309 §2.3.1.4 says to
// assume complete disallow, whatever its rules say.
func ExampleAssessDelivery() {
	at := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	a := matcher.AssessDelivery(&matcher.Delivery{Status: 503, ObservedAt: at}, 120, at)
	fmt.Println(a.Scope)
	fmt.Println(a.Effect, a.Section, a.EffectiveVerdict(true))
	fmt.Println(matcher.AssessDelivery(nil, 120, at).Scope)
	// Output:
	// rule decision with reported delivery facts — not fetched by this tool
	// disallow-all RFC 9309 §2.3.1.4 disallowed
	// local rule decision — delivery not verified
}

func ExampleCheckToken() {
	c := matcher.CheckToken("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	fmt.Println(c.Valid, c.Token, c.Crawler.Operator)
	// Output:
	// false Googlebot Google
}

// The hash is of the exact bytes (sha256sum agrees: efc4db5408347a17…).
func ExampleNewRecord() {
	f := matcher.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	res, _ := f.Evaluate("ExampleBot", "https://example.com/private/a")
	r := matcher.NewRecord(matcher.RecordInput{File: f, Result: res, Time: time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC),
		Tool: "robots-explorer", ToolVersion: "v0.1.0"})
	fmt.Println(r.Verdict, r.Winner.Text, r.RobotsURL)
	fmt.Println(r.File.SHA256[:16], r.File.Size)
	fmt.Println(r.Scope.Label)
	// Output:
	// disallowed Disallow: /private/ https://example.com/robots.txt
	// efc4db5408347a17 34
	// local rule decision — delivery not verified
}
