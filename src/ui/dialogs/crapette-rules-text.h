/* crapette-rules-text.h: the words of the Rules window, block by block in reading order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-types.h"

G_BEGIN_DECLS

typedef enum
{
  CRAPETTE_RULES_BLOCK_HEADING,
  CRAPETTE_RULES_BLOCK_SUBHEADING,
  CRAPETTE_RULES_BLOCK_TEXT,
  CRAPETTE_RULES_BLOCK_CARDS,
} CrapetteRulesBlockKind;

typedef struct
{
  CrapetteRulesBlockKind kind;
  /* The cards of a picture, in notation: a comma separates piles, a space the cards of a
   * pile from the bottom up. Empty for text. */
  const char *cards;
  const char *text;
} CrapetteRulesBlock;

/* Returns the rules of @variant, @n_blocks of them, as docs/rules.md sets them out. */
const CrapetteRulesBlock *crapette_rules_text_get           (CrapetteVariant  variant,
                                                             gsize           *n_blocks);

/* Returns the section on playing by keyboard and with a screen reader, as it is for @variant:
 * a new array of CrapetteRulesBlock. */
GArray                   *crapette_rules_keyboard_get       (CrapetteVariant  variant);

G_END_DECLS
