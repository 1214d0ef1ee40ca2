//go:build !wasm

package main

import (
	"strconv"
	"strings"
)

// preferredCodings lists the content codings serve offers for app.wasm,
// best first: brotli is about a fifth smaller than gzip on it.
var preferredCodings = []string{"br", "gzip"}

// chooseCoding picks the content coding for a request's Accept-Encoding
// (RFC 9110 §12.5.3): the first of preferredCodings that the client accepts
// with a non-zero weight, explicitly or through "*", and that
// we hold. "" means send the file as it is.
func chooseCoding(acceptEncoding string, have func(coding string) bool) string {
	weights := map[string]float64{}
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weights[name] = weight(params)
	}
	for _, c := range preferredCodings {
		w, ok := weights[c]
		if !ok {
			w, ok = weights["*"]
		}
		if ok && w > 0 && have(c) {
			return c
		}
	}
	return ""
}

// weight reads "q=0.5" from a coding's parameters; without one the weight
// is 1, and a malformed one counts as 0 (not acceptable).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}
