package main

import (
	"os"
	"testing"
)

// afterTests are run once every test has: e.g. removing the program the
// process tests built (see builtProgram).
var afterTests []func()

// TestMain registers the routes as main does: without them go-app's
// handler answers 404 and components cannot be routed in tests.
func TestMain(m *testing.M) {
	routes()
	code := m.Run()
	for _, f := range afterTests {
		f()
	}
	os.Exit(code)
}
