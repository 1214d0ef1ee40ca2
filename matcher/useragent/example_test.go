package useragent_test

import (
	"fmt"

	"robots-explorer/matcher/useragent"
)

func ExampleCheckToken() {
	c := useragent.CheckToken("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	fmt.Println(c.Valid, c.Token, c.Crawler.Operator)
	// Output:
	// false Googlebot Google
}
