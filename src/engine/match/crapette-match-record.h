/* crapette-match-record.h: a whole match as text (docs/notation.md, "Matches")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-match.h"

G_BEGIN_DECLS

#define CRAPETTE_MATCH_RECORD_ERROR (crapette_match_record_error_quark ())

/**
 * CrapetteMatchRecordError:
 * @CRAPETTE_MATCH_RECORD_ERROR_SYNTAX: a line is not written as docs/notation.md says.
 * @CRAPETTE_MATCH_RECORD_ERROR_VERSION: the record is of a format version this
 *   program does not read.
 * @CRAPETTE_MATCH_RECORD_ERROR_INVALID: the rounds do not make a match (a
 *   round of another game, an unfinished round followed by another, …) or a
 *   round's record is wrong.
 * @CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE: the text is longer than any real match.
 */
typedef enum
{
  CRAPETTE_MATCH_RECORD_ERROR_SYNTAX,
  CRAPETTE_MATCH_RECORD_ERROR_VERSION,
  CRAPETTE_MATCH_RECORD_ERROR_INVALID,
  CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE
} CrapetteMatchRecordError;

/* The format version this program writes and reads. */
#define CRAPETTE_MATCH_RECORD_VERSION 1
/* No real match comes near this; longer text is refused before it is read. */
#define CRAPETTE_MATCH_RECORD_MAX_BYTES (16 * 1024 * 1024)
/* Player names are cut to this many characters when written. */
#define CRAPETTE_MATCH_RECORD_MAX_NAME 64

GQuark crapette_match_record_error_quark (void);

/**
 * CrapetteMatchSnapshot:
 *
 * What a match's record holds, copied at one moment: written later, on any thread, it is
 * the record of the match as it was then. The saved game is written from one.
 */
typedef struct _CrapetteMatchSnapshot CrapetteMatchSnapshot;

CrapetteMatchSnapshot *crapette_match_snapshot_new         (CrapetteMatch               *match);
char                  *crapette_match_snapshot_to_record   (const CrapetteMatchSnapshot *snapshot);
guint                  crapette_match_snapshot_count_moves (const CrapetteMatchSnapshot *snapshot);
void                   crapette_match_snapshot_free        (CrapetteMatchSnapshot       *snapshot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapetteMatchSnapshot, crapette_match_snapshot_free)

G_END_DECLS
