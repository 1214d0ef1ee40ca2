package pattern_test

import (
	"fmt"

	"robots-explorer/matcher/pattern"
)

func ExampleNormalizePath() {
	out, steps := pattern.NormalizePath("/Bücher/%7euser")
	for _, s := range steps {
		fmt.Printf("%s → %s (%s)\n", s.Input, s.Output, s.Rule)
	}
	fmt.Println(out)
	// Output:
	// /Bücher/%7euser → /B%C3%BCcher/%7euser (characters outside ASCII are written as their UTF-8 octets, each as %XX)
	// /B%C3%BCcher/%7euser → /B%C3%BCcher/%7Euser (hex digits of %XX escapes are upper-cased)
	// /B%C3%BCcher/%7Euser → /B%C3%BCcher/~user (%XX escapes of unreserved characters (A-Z a-z 0-9 - . _ ~) are decoded)
	// /B%C3%BCcher/~user
}
