// Writes the tiny image fixtures of the avatar decoding tests with the same C libraries ghusers
// decodes with. Rebuild them with:
//   cc make-fixtures.c -o /tmp/make-fixtures -lpng16 -ljpeg -lgif && /tmp/make-fixtures
// Every image is 8 x 8 pixels in four 4 x 4 quadrants: red (top left), green (top right),
// blue (bottom left), white (bottom right). quadrants.gif has a second frame, all black, that a
// first-frame decoder must not show. fuzz-gif-screen-0-wide.gif is not made here: it is the
// fuzzer's reproducer of a GIF whose 0-pixel-wide screen escaped the size limits (scripts/fuzz).
#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <gif_lib.h>

static const unsigned char colours[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}};

static int quadrant(int x, int y) { return (y >= 4 ? 2 : 0) + (x >= 4 ? 1 : 0); }

static void write_png(void) {
    unsigned char rgba[8 * 8 * 4];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            const unsigned char *c = colours[quadrant(x, y)];
            unsigned char *p = rgba + (y * 8 + x) * 4;
            p[0] = c[0]; p[1] = c[1]; p[2] = c[2]; p[3] = 255;
        }
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    image.width = 8;
    image.height = 8;
    image.format = PNG_FORMAT_RGBA;
    png_image_write_to_file(&image, "quadrants.png", 0, rgba, 0, NULL);
}

static void write_jpeg(void) {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    FILE *file = fopen("quadrants.jpg", "wb");
    jpeg_stdio_dest(&info, file);
    info.image_width = 8;
    info.image_height = 8;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 100, TRUE);
    info.comp_info[0].h_samp_factor = 1;  // no chroma subsampling: quadrant colours stay clean
    info.comp_info[0].v_samp_factor = 1;
    jpeg_start_compress(&info, TRUE);
    for (int y = 0; y < 8; y++) {
        unsigned char row[8 * 3];
        for (int x = 0; x < 8; x++)
            for (int k = 0; k < 3; k++) row[x * 3 + k] = colours[quadrant(x, y)][k];
        JSAMPROW pointer = row;
        jpeg_write_scanlines(&info, &pointer, 1);
    }
    jpeg_finish_compress(&info);
    fclose(file);
    jpeg_destroy_compress(&info);
}

static void write_gif(void) {
    int error = 0;
    GifFileType *gif = EGifOpenFileName("quadrants.gif", 0, &error);
    GifColorType palette[8] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}, {0, 0, 0}};
    ColorMapObject *map = GifMakeMapObject(8, palette);
    EGifSetGifVersion(gif, 1);
    EGifPutScreenDesc(gif, 8, 8, 8, 0, map);
    for (int frame = 0; frame < 2; frame++) {
        EGifPutImageDesc(gif, 0, 0, 8, 8, 0, NULL);
        for (int y = 0; y < 8; y++) {
            GifPixelType row[8];
            for (int x = 0; x < 8; x++) row[x] = frame == 0 ? quadrant(x, y) : 4;
            EGifPutLine(gif, row, 8);
        }
    }
    EGifCloseFile(gif, &error);
    GifFreeMapObject(map);
}

int main(void) {
    write_png();
    write_jpeg();
    write_gif();
    return 0;
}
