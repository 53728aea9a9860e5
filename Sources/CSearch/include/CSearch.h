// What the search index scans its packed logins and notes with
// (Sources/GHUsersKit/Search/LoginArena.swift): glibc's memmem(3), which Swift's Glibc module
// does not export (a GNU extension, declared only under _GNU_SOURCE), and a search for a pair
// of bytes, which memmem walks one byte at a time (Docs/ARCHITECTURE.md, "Search").
#ifndef CSEARCH_H
#define CSEARCH_H

#include <stddef.h>

/// The first occurrence of `needle` (`needle_length` bytes) in `haystack`, or NULL.
const void *csearch_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// The first position in `haystack` (`length` bytes) holding `first` followed by `second`,
/// or NULL: 16 positions at a time with SSE2 (the "packed pair" of Rust's memchr crate),
/// memchr to each `first` elsewhere.
const unsigned char *csearch_find_pair(const unsigned char *haystack, size_t length, unsigned char first, unsigned char second);

#endif
