// glibc's memmem(3), which Swift's Glibc module does not export (it is a GNU extension,
// declared only under _GNU_SOURCE): the search index scans its packed logins with it
// (Sources/GHUsersKit/Search/LoginArena.swift).
#ifndef CSEARCH_H
#define CSEARCH_H

#include <stddef.h>

/// The first occurrence of `needle` (`needle_length` bytes) in `haystack`, or NULL.
const void *csearch_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
