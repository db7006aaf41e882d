/* crapette-notation-position-private.h: what reading a position shares between
 * crapette-notation-position-read.c and crapette-notation-headers.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-notation-private.h"

G_BEGIN_DECLS

typedef enum
{
  HEADER_VARIANT,
  HEADER_RULES,
  HEADER_DEAL,
  HEADER_ROUND,
  /* The headers above name a deal; those below describe a position in play. */
  HEADER_TO_MOVE,
  HEADER_DEALER,
  HEADER_TURN,
  HEADER_MOVE_NUMBER,
  HEADER_IDLE_TURNS,
  HEADER_PASSES,
  HEADER_MOVED,
  HEADER_PROGRESS,
  HEADER_OPENED,
  HEADER_LAID_OUT,
  HEADER_STOCK_SEEN,
  HEADER_RESERVE_SEEN,
  HEADER_STOCK_TOP_SEEN,
  HEADER_LOW_WATER,
  HEADER_REST,
  N_HEADERS
} Header;

/* The headers as written, indexed by #Header. */
extern const char * const crapette_notation_header_names[N_HEADERS];

/* A position as it is being read, with where each part came from so that a
 * later check can name the line. */
typedef struct
{
  const CrapetteVariantOps *ops;
  CrapettePosition position;
  guint header_lines[N_HEADERS];
  guint pile_lines[CRAPETTE_N_PILES];
  guint card_lines[CRAPETTE_MAX_CARDS];
  guint stand_in_lines[CRAPETTE_MAX_CARDS];   /* ?N: the stand-in for place N of a hidden deal */
  CrapettePileId rest_piles[CRAPETTE_N_PILES];
  guint n_rest_piles;
} PositionReader;

gboolean crapette_notation_lookup_header (const char      *key,
                                          Header          *header);
gboolean crapette_notation_read_header   (PositionReader  *reader,
                                          Header           header,
                                          const char      *value,
                                          guint            line,
                                          GError         **error);

G_END_DECLS
