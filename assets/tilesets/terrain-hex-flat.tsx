<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain-hex-flat" tilewidth="74" tileheight="64" tilecount="27" columns="4">
 <properties>
  <property name="hex_side_length" type="int" value="37"/>
  <property name="stagger_axis" value="x"/>
 </properties>
 <image source="terrain-hex-flat.png" width="296" height="448"/>
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
 <tile id="13" type="void"/>
 <tile id="14" type="empty space"/>
 <tile id="15" type="planet"/>
 <tile id="16" type="home system"/>
 <tile id="17" type="asteroid field"/>
 <tile id="18" type="nebula"/>
 <tile id="19" type="supernova"/>
 <tile id="20" type="gravity rift"/>
 <tile id="21" type="forest"/>
 <tile id="22" type="hill"/>
 <tile id="23" type="swamp"/>
 <tile id="24" type="mountain"/>
 <tile id="25" type="lava"/>
 <tile id="26" type="radioactive"/>
</tileset>
