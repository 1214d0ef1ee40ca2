package delivery_test

import (
	"fmt"
	"time"

	"robots-explorer/matcher/delivery"
)

// A robots.txt answered with 503 is unreachable: RFC 9309 §2.3.1.4 says to
// assume complete disallow, whatever its rules say.
func ExampleAssess() {
	at := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	a := delivery.Assess(&delivery.Facts{Status: 503, ObservedAt: at}, 120, at)
	fmt.Println(a.Scope)
	fmt.Println(a.Effect, a.Section, a.EffectiveVerdict(true))
	fmt.Println(delivery.Assess(nil, 120, at).Scope)
	// Output:
	// rule decision with reported delivery facts — not fetched by this tool
	// disallow-all RFC 9309 §2.3.1.4 disallowed
	// local rule decision — delivery not verified
}
