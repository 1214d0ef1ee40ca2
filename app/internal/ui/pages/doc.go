// Package pages holds the site's pages besides the explorer: the lessons,
// the examples (the seed tables) and the fixture register. Their examples
// open in the explorer by navigating to its link (open.go), so nothing
// here needs the explorer's package.
package pages
