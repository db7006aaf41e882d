/* crapette-notation-private.h: what the files of the notation share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The notation of docs/notation.md is read and written by these files:
 * crapette-notation-lexer.c knows its words (lines, numbers, cards, pile
 * codes) and how to report a fault in them; crapette-notation-rules.c reads
 * and writes the rule options; crapette-notation-position-read.c and
 * crapette-notation-position-write.c know a position, which is also the head
 * of a record; and crapette-notation-record.c knows moves and whole rounds.
 * A match record (crapette-match-record-read.c) is read on the same lines.
 */

#pragma once

#include <glib.h>

#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-variant-private.h"

G_BEGIN_DECLS

/* No line a person writes comes near this; it bounds the work spent on one line. */
#define CRAPETTE_NOTATION_MAX_LINE_BYTES 4096

/* The first lines of a position and of a round record, and the line before its moves. */
#define CRAPETTE_NOTATION_POSITION_TITLE "Crapette position"
#define CRAPETTE_NOTATION_RECORD_TITLE "Crapette record"
#define CRAPETTE_NOTATION_MOVES_LINE "Moves"

/* The words of "Laid out:" and "Stock seen:", indexed by a set of seats (bit 0 South). */
static const char * const crapette_notation_seat_set_words[] = { "none", "south", "north", "both" };
G_STATIC_ASSERT (CRAPETTE_SOUTH == 0 && CRAPETTE_NORTH == 1);

/* The arrow of a card move as the writer puts it; the reader also takes "->". */
#define CRAPETTE_NOTATION_ARROW "→"

/* Walks through checked text one line at a time. Each line is copied without
 * its line end, its comment and its outer blanks, so that parsers can treat it
 * as an ordinary string; the line as written stays at @raw, for a format whose
 * values may hold a "#" (a match record's player names). */
typedef struct
{
  const char *next;
  const char *end;
  guint number;                   /* of the line last read, from 1 */
  const char *raw;                /* the line last read in the text, without its line end */
  gsize raw_length;
  char line[CRAPETTE_NOTATION_MAX_LINE_BYTES + 1];
} CrapetteNotationLineReader;

static inline gboolean
crapette_notation_is_blank (char c)
{
  return c == ' ' || c == '\t';
}

static inline const char *
crapette_notation_skip_blanks (const char *p)
{
  while (crapette_notation_is_blank (*p))
    p++;
  return p;
}

/* crapette-notation-lexer.c */

void crapette_notation_set_line_error (GError      **error,
                                       GQuark        domain,
                                       int           code,
                                       guint         line,
                                       const char   *format,
                                       ...) G_GNUC_PRINTF (5, 6);
/* Sets @error in %CRAPETTE_NOTATION_ERROR, prefixed with "Line N: " when @line is not 0. */
#define crapette_notation_set_error(error, code, line, ...) \
  crapette_notation_set_line_error ((error), CRAPETTE_NOTATION_ERROR, (code), (line), __VA_ARGS__)
char *crapette_notation_excerpt (const char *text,
                                 gsize       length);
char *crapette_notation_excerpt_word (const char *word,
                                      gsize       length);
char *crapette_notation_card_name (CrapetteCard card);

CrapetteNotationLineReader *crapette_notation_line_reader_new (const char  *text,
                                                               gssize       length,
                                                               GError     **error);
CrapetteNotationLineReader *crapette_notation_line_reader_new_bounded (const char  *text,
                                                                       gssize       length,
                                                                       gsize        max_bytes,
                                                                       GError     **error);
gboolean crapette_notation_next_line (CrapetteNotationLineReader *reader);
CrapetteRound *crapette_notation_parse_round_at_line (const char  *text,
                                                      gssize       length,
                                                      guint        first_line,
                                                      GError     **error);

gboolean crapette_notation_split_header (char        *line,
                                         const char **value);
gsize crapette_notation_arrow_length (const char *p);
gsize crapette_notation_word_length (const char *p);
gboolean crapette_notation_word_is (const char *word,
                                    gsize       length,
                                    const char *expected);
gboolean crapette_notation_parse_number (const char  *word,
                                         gsize        length,
                                         guint64      max,
                                         guint        line,
                                         guint64     *value,
                                         GError     **error);
gboolean crapette_notation_read_card (const char   **cursor,
                                      guint          line,
                                      CrapetteCard  *card,
                                      gboolean      *pack_given,
                                      GError       **error);

gboolean crapette_notation_lookup_pile (const CrapetteVariantOps *ops,
                                        const char               *word,
                                        gsize                     length,
                                        CrapetteSeat              mover,
                                        CrapettePileId           *pile);
gboolean crapette_notation_read_pile (const CrapetteVariantOps  *ops,
                                      const char               **cursor,
                                      CrapetteSeat               mover,
                                      guint                      line,
                                      CrapettePileId            *pile,
                                      GError                   **error);
void crapette_notation_append_pile_code (GString                  *out,
                                         const CrapetteVariantOps *ops,
                                         CrapettePileId            pile,
                                         CrapetteSeat              mover);

/* crapette-notation-rules.c */

gboolean crapette_notation_read_rules (const char     *text,
                                       guint           line,
                                       CrapetteRules  *rules,
                                       GError        **error);

/* crapette-notation-position-read.c and crapette-notation-position-write.c */

gboolean crapette_notation_read_head (CrapetteNotationLineReader  *lines,
                                      gboolean                     record,
                                      CrapettePosition            *position,
                                      gboolean                    *deal_only,
                                      GError                     **error);
void crapette_notation_append_head (GString                *out,
                                    const CrapettePosition *position,
                                    gboolean                record,
                                    gboolean                deal_only);

G_END_DECLS
