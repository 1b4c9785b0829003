#include "embedded.h"

extern const unsigned char fremont_embedded_0_start[];
extern const unsigned char fremont_embedded_0_end[];
extern const unsigned char fremont_embedded_1_start[];
extern const unsigned char fremont_embedded_1_end[];
extern const unsigned char fremont_embedded_2_start[];
extern const unsigned char fremont_embedded_2_end[];
extern const unsigned char fremont_embedded_3_start[];
extern const unsigned char fremont_embedded_3_end[];
extern const unsigned char fremont_embedded_4_start[];
extern const unsigned char fremont_embedded_4_end[];
extern const unsigned char fremont_embedded_5_start[];
extern const unsigned char fremont_embedded_5_end[];

static const struct fremont_embedded_file files[] = {
    {"fremont-2016-04.xml", fremont_embedded_0_start, fremont_embedded_0_end},
    {"forecast-sanfrancisco-2019-03-14.json", fremont_embedded_1_start, fremont_embedded_1_end},
    {"nasa__breaking_news_2018-09-05.rss", fremont_embedded_2_start, fremont_embedded_2_end},
    {"feed-rs__rss_2.0_nightvale.xml", fremont_embedded_3_start, fremont_embedded_3_end},
    {"feed-rs__rss_1.0_debian.xml", fremont_embedded_4_start, fremont_embedded_4_end},
    {"node-feedparser__intertwingly.atom", fremont_embedded_5_start, fremont_embedded_5_end},
};

int fremont_embedded_count(void) { return (int)(sizeof files / sizeof files[0]); }

const struct fremont_embedded_file *fremont_embedded_file_at(int index) {
    return index >= 0 && index < fremont_embedded_count() ? &files[index] : 0;
}
