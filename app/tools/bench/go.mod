module robots-explorer/bench

go 1.26.0

replace robots-explorer => ../../../

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/temoto/robotstxt v1.1.2
	robots-explorer v0.0.0-00010101000000-000000000000
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
