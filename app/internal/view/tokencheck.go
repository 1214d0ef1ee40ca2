package view

import (
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/useragent"
)

// The product-token field is checked as it is typed (RFC 9309 §2.2.1): the
// message says whether the text is a token, and when a whole User-Agent
// header was pasted, the token it most likely carries is offered with one
// click. A token names a crawler; it proves nothing about who sends it.

// A TokenView is the message under the product-token field.
type TokenView struct {
	// Kind is "ok" for a valid token, "header" for a pasted User-Agent
	// header, "error" otherwise: it names the message for styles and tests.
	Kind    string
	Message string
	Source  string
	// Offer is the token to offer in place of what was typed, "" when
	// there is none.
	Offer string
	// Verify says how the operator of a known crawler has its requests
	// verified, with the source; "" for an unknown crawler.
	Verify       string
	VerifySource string
	NotProof     string
}

// NewTokenView checks what was typed in the token field.
func NewTokenView(input string) TokenView {
	c := useragent.CheckToken(input)
	// The message quotes what was typed: a control character in it shows
	// in the .esc notation, as the command line shows it.
	v := TokenView{Kind: "error", Message: escape.Text(c.Message), Source: c.Source, NotProof: c.NotProof}
	switch {
	case c.Valid:
		v.Kind = "ok"
	case c.FromHeader:
		v.Kind = "header"
	}
	if !c.Valid && c.Token != "" && c.Token != input {
		v.Offer = c.Token
	}
	if c.Crawler != nil {
		v.Verify = c.Crawler.Token + " (" + c.Crawler.Operator + "): " + c.Crawler.Verify + "."
		v.VerifySource = c.Crawler.Source
	}
	return v
}

// TokenMark gives each kind of message a shape, so it reads without colour.
func TokenMark(kind string) string {
	switch kind {
	case "ok":
		return "✔"
	case "header":
		return "ℹ"
	case "error":
		return "✖"
	}
	return ""
}
