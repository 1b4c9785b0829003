// Each built-in file's bytes, read into the binary by the assembler (`.incbin`), found through
// the include path SwiftPM gives the target's sources (this folder).
    .section .rodata
    .global fremont_embedded_0_start
    .global fremont_embedded_0_end
fremont_embedded_0_start:
    .incbin "data/fremont-2016-04.xml"
fremont_embedded_0_end:
    .byte 0
    .global fremont_embedded_1_start
    .global fremont_embedded_1_end
fremont_embedded_1_start:
    .incbin "data/forecast-sanfrancisco-2019-03-14.json"
fremont_embedded_1_end:
    .byte 0
    .global fremont_embedded_2_start
    .global fremont_embedded_2_end
fremont_embedded_2_start:
    .incbin "data/nasa__breaking_news_2018-09-05.rss"
fremont_embedded_2_end:
    .byte 0
    .global fremont_embedded_3_start
    .global fremont_embedded_3_end
fremont_embedded_3_start:
    .incbin "data/feed-rs__rss_2.0_nightvale.xml"
fremont_embedded_3_end:
    .byte 0
    .global fremont_embedded_4_start
    .global fremont_embedded_4_end
fremont_embedded_4_start:
    .incbin "data/feed-rs__rss_1.0_debian.xml"
fremont_embedded_4_end:
    .byte 0
    .global fremont_embedded_5_start
    .global fremont_embedded_5_end
fremont_embedded_5_start:
    .incbin "data/node-feedparser__intertwingly.atom"
fremont_embedded_5_end:
    .byte 0
    .section .note.GNU-stack,"",@progbits
