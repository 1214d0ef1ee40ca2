// Package readings registers the project's readings with the matcher, in
// the order they are shown: RFC 9309 (the core's own, always there), then
// Google, the two CPythons, the 1996 draft, crawler-commons, Protego and
// robots-parser. A program that offers more than RFC 9309 imports it for
// its side effect:
//
//	import _ "robots-explorer/matcher/readings"
//
// The list is explicit rather than each reading registering itself in an
// init function: Go initialises imported packages in the order of their
// import paths, which is not the order the readings are shown in.
package readings

import (
	"robots-explorer/matcher"
	"robots-explorer/matcher/reading/crawlercommons"
	"robots-explorer/matcher/reading/google"
	"robots-explorer/matcher/reading/koster1996"
	"robots-explorer/matcher/reading/protego"
	"robots-explorer/matcher/reading/python"
	"robots-explorer/matcher/reading/pythonrfc"
	"robots-explorer/matcher/reading/robotsparser"
)

// All are the readings this package registers, in their order.
var All = []matcher.Reader{
	google.Reader{},
	python.Reader{},
	pythonrfc.Reader{},
	koster1996.Reader{},
	crawlercommons.Reader{},
	protego.Reader{},
	robotsparser.Reader{},
}

func init() {
	for _, r := range All {
		matcher.Register(r)
	}
}
