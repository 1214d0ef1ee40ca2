// Package testdata holds the fixture register's cases, register/*.txtar,
// whose format README.md describes. It only embeds them, for
// matcher/register to read: a file can be embedded only by a package in
// its folder or above, and the cases are data of the whole project.
package testdata

import "embed"

// Register holds register/*.txtar.
//
//go:embed register/*.txtar
var Register embed.FS
