/* crapette-match-private.h: what the match record's writer and reader share with CrapetteMatch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-match.h"

G_BEGIN_DECLS

/* The first line of a match record, and of each round record in it. */
#define CRAPETTE_MATCH_RECORD_TITLE "Crapette match"
#define CRAPETTE_MATCH_RECORD_ROUND_TITLE "Crapette record"

/* @name on one line of at most CRAPETTE_MATCH_RECORD_MAX_NAME characters. */
char    *crapette_match_record_clean_name (const char *name);

gboolean crapette_match_restore_round (CrapetteMatch        *self,
                                       const CrapetteRound  *round,
                                       gboolean              is_last,
                                       GError              **error);

G_END_DECLS
