#ifndef FREMONT_LIBXML2_SHIM_H
#define FREMONT_LIBXML2_SHIM_H

// libxml2's HTML parser (the tolerant, browser-like reader of real web pages) for the article
// extractor. Debian builds libxml2 with ICU, whose headers then come along and clash with the
// ICU inside Foundation; nothing here uses libxml2's ICU converters (pages are decoded by
// libxml2 itself), so its ICU part is left out of what Swift sees.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

static inline void fremont_xml_ignore_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// HTML_PARSE_NOERROR quiets the parser, but the encoding layer still prints through libxml2's
/// generic error channel (a page whose bytes do not fit its declared charset): silence it too.
/// The handler is per thread in libxml2, so it is set before each parse.
static inline void fremont_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, fremont_xml_ignore_message);
}

#endif
