// Package browser holds the browser's facilities the UI uses, through
// go-app's JavaScript values: the clipboard, downloads, a chosen file,
// IndexedDB for the saved work, and performance marks for the timings the
// browser tests read. Each fails quietly where the browser lacks the API;
// on the server go-app's window is a stub.
package browser
