/* crapette-rules-window.c: the rules of both games, explained in the player's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window lays out the words of crapette-rules-text.c and, after them, the section on
 * playing by keyboard and with a screen reader of crapette-rules-keyboard.c: one page per
 * game, each block a label or a picture of cards (crapette-rules-cards.c).
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-rules-window.h"

#include "crapette-enums.h"
#include "crapette-rules-cards.h"
#include "crapette-rules-text.h"

struct _CrapetteRulesWindow
{
  AdwWindow parent_instance;

  CrapetteCardTheme *theme;

  AdwViewStack *stack;
  GtkWidget *russian_page;
  GtkWidget *american_page;
};

G_DEFINE_FINAL_TYPE (CrapetteRulesWindow, crapette_rules_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_THEME,
  PROP_VARIANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
make_label (const char *text,
            const char *style_class)
{
  GtkWidget *label = gtk_label_new (text);

  /* Long paragraphs wrap at word boundaries; a word too long for a narrow window may still
   * break, so that nothing is ever cut off. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  if (style_class != NULL)
    gtk_widget_add_css_class (label, style_class);
  return label;
}

static void
append_blocks (CrapetteRulesWindow      *self,
               GtkWidget                *page,
               const CrapetteRulesBlock *blocks,
               gsize                     n_blocks)
{
  for (gsize i = 0; i < n_blocks; i++)
    {
      const CrapetteRulesBlock *block = &blocks[i];
      GtkWidget *child = NULL;

      switch (block->kind)
        {
        case CRAPETTE_RULES_BLOCK_HEADING:
          child = make_label (_(block->text), "title-3");
          gtk_widget_set_margin_top (child, 12);
          break;
        case CRAPETTE_RULES_BLOCK_SUBHEADING:
          child = make_label (_(block->text), "heading");
          break;
        case CRAPETTE_RULES_BLOCK_TEXT:
          child = make_label (_(block->text), NULL);
          break;
        case CRAPETTE_RULES_BLOCK_CARDS:
          {
            GtkWidget *picture = crapette_rules_cards_new (self->theme, block->cards);
            GtkWidget *caption = make_label (_(block->text), "caption");

            child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
            gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
            gtk_label_set_xalign (GTK_LABEL (caption), 0.5);
            gtk_label_set_justify (GTK_LABEL (caption), GTK_JUSTIFY_CENTER);
            gtk_widget_add_css_class (caption, "dim-label");
            gtk_box_append (GTK_BOX (child), picture);
            gtk_box_append (GTK_BOX (child), caption);
            gtk_widget_set_margin_top (child, 6);
            gtk_widget_set_margin_bottom (child, 6);
          }
          break;
        default:
          g_assert_not_reached ();
        }
      gtk_box_append (GTK_BOX (page), child);
    }
}

/* The rules of @variant, then how to play it by keyboard and with a screen reader. */
static void
fill_page (CrapetteRulesWindow *self,
           GtkWidget           *page,
           CrapetteVariant      variant)
{
  g_autoptr (GArray) keyboard = crapette_rules_keyboard_get (variant);
  gsize n_blocks;
  const CrapetteRulesBlock *rules = crapette_rules_text_get (variant, &n_blocks);

  append_blocks (self, page, rules, n_blocks);
  append_blocks (self, page, (const CrapetteRulesBlock *) (gpointer) keyboard->data,
                 keyboard->len);
}

static void
crapette_rules_window_constructed (GObject *object)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  G_OBJECT_CLASS (crapette_rules_window_parent_class)->constructed (object);

  if (self->theme == NULL)
    self->theme = crapette_card_theme_new ();
  fill_page (self, self->russian_page, CRAPETTE_VARIANT_RUSSIAN);
  fill_page (self, self->american_page, CRAPETTE_VARIANT_AMERICAN);
}

static void
on_visible_child_changed_cb (CrapetteRulesWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

static void
crapette_rules_window_dispose (GObject *object)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_RULES_WINDOW);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (crapette_rules_window_parent_class)->dispose (object);
}

static void
crapette_rules_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      g_value_set_object (value, self->theme);
      break;
    case PROP_VARIANT:
      g_value_set_enum (value, crapette_rules_window_get_variant (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_rules_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      g_set_object (&self->theme, g_value_get_object (value));
      break;
    case PROP_VARIANT:
      crapette_rules_window_set_variant (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_rules_window_class_init (CrapetteRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_rules_window_constructed;
  object_class->dispose = crapette_rules_window_dispose;
  object_class->get_property = crapette_rules_window_get_property;
  object_class->set_property = crapette_rules_window_set_property;

  properties[PROP_THEME] =
    g_param_spec_object ("theme", NULL, NULL,
                         CRAPETTE_TYPE_CARD_THEME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/crapette/Crapette/crapette-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, russian_page);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, american_page);
  gtk_widget_class_bind_template_callback (widget_class, on_visible_child_changed_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
crapette_rules_window_init (CrapetteRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Creates a Rules window whose pictures are drawn with @theme (a new theme when %NULL). */
CrapetteRulesWindow *
crapette_rules_window_new (CrapetteCardTheme *theme)
{
  g_return_val_if_fail (theme == NULL || CRAPETTE_IS_CARD_THEME (theme), NULL);

  return g_object_new (CRAPETTE_TYPE_RULES_WINDOW, "theme", theme, NULL);
}

/* Returns the theme the pictures of cards are drawn with. */
CrapetteCardTheme *
crapette_rules_window_get_theme (CrapetteRulesWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), NULL);

  return self->theme;
}

/* Returns the game whose rules are shown. */
CrapetteVariant
crapette_rules_window_get_variant (CrapetteRulesWindow *self)
{
  const char *name;

  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), CRAPETTE_VARIANT_RUSSIAN);

  name = adw_view_stack_get_visible_child_name (self->stack);
  return g_strcmp0 (name, "american") == 0 ? CRAPETTE_VARIANT_AMERICAN
                                           : CRAPETTE_VARIANT_RUSSIAN;
}

/* Shows the rules of @variant. */
void
crapette_rules_window_set_variant (CrapetteRulesWindow *self,
                                   CrapetteVariant      variant)
{
  g_return_if_fail (CRAPETTE_IS_RULES_WINDOW (self));
  g_return_if_fail (variant == CRAPETTE_VARIANT_RUSSIAN || variant == CRAPETTE_VARIANT_AMERICAN);

  /* The stack's notification reports the change, so nothing is notified twice. */
  adw_view_stack_set_visible_child_name (self->stack,
                                         variant == CRAPETTE_VARIANT_AMERICAN ? "american"
                                                                              : "russian");
}

/* Returns the box holding the rules of @variant, so tests can look at every label in it. */
GtkWidget *
crapette_rules_window_get_page (CrapetteRulesWindow *self,
                                CrapetteVariant      variant)
{
  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), NULL);

  return variant == CRAPETTE_VARIANT_AMERICAN ? self->american_page : self->russian_page;
}
