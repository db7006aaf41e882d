/* crapette-notation.h: game records and positions as text people can read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"
#include "crapette-round.h"

G_BEGIN_DECLS

#define CRAPETTE_NOTATION_ERROR (crapette_notation_error_quark ())

/**
 * CrapetteNotationError:
 * @CRAPETTE_NOTATION_ERROR_SYNTAX: a line is not written as docs/notation.md says.
 * @CRAPETTE_NOTATION_ERROR_ILLEGAL: a move breaks a rule (the message says which).
 * @CRAPETTE_NOTATION_ERROR_INVALID: the text is well formed but describes an
 *   impossible position (a card missing or twice, a pile breaking its rule).
 * @CRAPETTE_NOTATION_ERROR_TOO_LARGE: the text is longer than any real record.
 *
 * Every message names the line it is about.
 */
typedef enum
{
  CRAPETTE_NOTATION_ERROR_SYNTAX,
  CRAPETTE_NOTATION_ERROR_ILLEGAL,
  CRAPETTE_NOTATION_ERROR_INVALID,
  CRAPETTE_NOTATION_ERROR_TOO_LARGE
} CrapetteNotationError;

/* No real record comes near this; longer text is refused before it is read. */
#define CRAPETTE_NOTATION_MAX_BYTES (4 * 1024 * 1024)

GQuark          crapette_notation_error_quark      (void);

char           *crapette_notation_format_pile      (const CrapettePosition *position,
                                                    CrapettePileId          pile,
                                                    CrapetteSeat            mover);
char           *crapette_notation_format_move      (const CrapettePosition *before,
                                                    const CrapetteMove     *move);
gboolean        crapette_notation_parse_move       (const CrapettePosition *position,
                                                    const char             *text,
                                                    CrapetteMove           *move,
                                                    GError                **error);

char           *crapette_notation_format_rules     (const CrapetteRules    *rules);
gboolean        crapette_notation_parse_rules      (const char             *text,
                                                    CrapetteRules          *rules,
                                                    GError                **error);
gboolean        crapette_notation_set_rule         (CrapetteRules          *rules,
                                                    const char             *key,
                                                    const char             *value,
                                                    GError                **error);

char           *crapette_notation_format_position  (const CrapettePosition *position);
gboolean        crapette_notation_parse_position   (const char             *text,
                                                    gssize                  length,
                                                    CrapettePosition       *position,
                                                    GError                **error);

char           *crapette_notation_format_round     (const CrapetteRound    *round);
char           *crapette_notation_format_round_parts (const CrapettePosition *start,
                                                      gboolean                from_deal,
                                                      const CrapetteMove     *moves,
                                                      guint                   n_moves,
                                                      const CrapettePosition *end);
CrapetteRound  *crapette_notation_parse_round      (const char             *text,
                                                    gssize                  length,
                                                    GError                **error);

G_END_DECLS
