// Package secrets holds what a container's program declares about its
// secrets and the values that travel for them.
//
// A program declares each secret it takes by name, Fixed (read: any value of
// the key's, nothing taken back) or Rotating (held: one value locked to the
// container and written back at the loop's end). The server feeds Values,
// every declared name to its value, on a begin's Secrets channel; the proxy
// answers that channel with a FeedResponse, and a Fed opens the gate the
// proxy holds every delivery behind. At each Inactive the program hands back
// Values again: every Rotating name, and no other.
//
// A value is any JSON and is never read between the vault and the program:
// Values carries each one verbatim (as serde_json wrote it), and nothing in
// this package prints a value. fmt shows names only; errors name a secret at
// most, never its value.
package secrets
