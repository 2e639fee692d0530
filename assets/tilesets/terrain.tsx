<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="64" tilecount="19" columns="4">
 <image source="terrain.png" width="256" height="320"/>
 <tile id="0" type="neutral"/>
 <tile id="1" type="house"/>
 <tile id="2" type="tower"/>
 <tile id="3" type="farm field"/>
 <tile id="4" type="spawn"/>
 <tile id="5" type="harbor"/>
 <tile id="6" type="street"/>
 <tile id="7" type="deep water"/>
 <tile id="8" type="water"/>
 <tile id="9" type="wall"/>
 <tile id="10" type="gate"/>
 <tile id="11" type="store"/>
 <tile id="12" type="mana globe"/>
 <tile id="13" type="forest"/>
 <tile id="14" type="hill"/>
 <tile id="15" type="swamp"/>
 <tile id="16" type="mountain"/>
 <tile id="17" type="lava"/>
 <tile id="18" type="radioactive"/>
</tileset>
